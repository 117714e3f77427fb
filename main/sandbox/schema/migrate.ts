import { DatabaseSync } from 'node:sqlite';
import { SandboxDataError } from './data-error.ts';
import { SCHEMA_STEPS, SCHEMA_VERSION, VERSION_ONE } from './steps.ts';
import { readTableShapes, shapeDifferences } from './table-shapes.ts';

const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

const userVersion = (db: DatabaseSync): number =>
  (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;

/**
 * Checks an opened data file before anything writes to it, and throws SandboxDataError when this
 * build cannot use it: a newer schema version, an unversioned file whose tables are not version
 * 1's, or no SQLite database at all. Answers whether the file holds no tables yet.
 */
export function checkSchema(db: DatabaseSync, file: string): { fresh: boolean } {
  let version: number;
  let shapes: ReturnType<typeof readTableShapes>;
  try {
    version = userVersion(db);
    shapes = readTableShapes(db);
  } catch (error) {
    const code = (error as { errcode?: number }).errcode;
    if (code === SQLITE_NOTADB) throw new SandboxDataError(file, 'is not a SQLite database');
    if (code === SQLITE_CORRUPT) throw new SandboxDataError(file, 'is damaged');
    throw error;
  }
  if (version > SCHEMA_VERSION) {
    throw new SandboxDataError(
      file,
      `was written by a newer build (schema version ${version}; this build knows up to ${SCHEMA_VERSION})`,
    );
  }
  if (version === 0 && shapes.size > 0) {
    // Made before the schema was numbered: adopted as version 1 only if its tables are version 1's.
    const differences = shapeDifferences(shapes, versionOneShapes());
    if (differences.length > 0) {
      throw new SandboxDataError(
        file,
        `has no schema version and does not match this build (it ${differences.join(', ')})`,
      );
    }
  }
  return { fresh: version === 0 && shapes.size === 0 };
}

/** Brings a checked file up to SCHEMA_VERSION, in one transaction. */
export function migrate(db: DatabaseSync): void {
  if (userVersion(db) === SCHEMA_VERSION) return;
  db.exec('BEGIN IMMEDIATE');
  try {
    // Read again under the write lock: another process may have migrated the file meanwhile.
    const current = userVersion(db);
    for (const step of SCHEMA_STEPS) {
      if (step.version <= current) continue;
      step.up(db);
      db.exec(`PRAGMA user_version = ${step.version}`);
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

function versionOneShapes() {
  const scratch = new DatabaseSync(':memory:');
  try {
    VERSION_ONE.up(scratch);
    return readTableShapes(scratch);
  } finally {
    scratch.close();
  }
}
