import type { DatabaseSync } from 'node:sqlite';
import { CATALOGUE_TABLES_V1 } from '../catalogue/catalogue-schema.ts';
import { MESSAGING_TABLES_V1 } from '../store/messaging-schema.ts';
import { LOCAL_IMAGES } from './step-2-local-images.ts';

/** One numbered schema step: brings a data file from `version - 1` to `version`. */
export interface SchemaStep {
  version: number;
  up(db: DatabaseSync): void;
}

/** The schema as it stood when versions began: files made before then are checked against it. */
export const VERSION_ONE: SchemaStep = {
  version: 1,
  up(db) {
    db.exec(MESSAGING_TABLES_V1);
    db.exec(CATALOGUE_TABLES_V1);
  },
};

/**
 * Every schema step of the sandbox database, both services' tables, in order. Versions are
 * consecutive from 1; add a step at the end for any change, never edit one that has shipped.
 */
export const SCHEMA_STEPS: readonly SchemaStep[] = [VERSION_ONE, LOCAL_IMAGES];

export const SCHEMA_VERSION = SCHEMA_STEPS.length;
