import type { DatabaseSync } from 'node:sqlite';

/** One schema step. Versions are consecutive; a migration never changes once released. */
export interface Migration {
  version: number;
  name: string;
  up(db: DatabaseSync): void;
}
