import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { privateDir, privateFile } from '../ports/private-files.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { statement } from './statement-cache.ts';
import { enterWriteGate, leaveWriteGate } from './write-gate.ts';

export type Database = DatabaseSync;

/**
 * After a burst of writes, the emptied log is cut back to this size when it
 * starts over, instead of keeping its peak. So a log file longer than this
 * holds that much that is not copied back yet, which is how the checkpointer
 * reads it (store/checkpointer.ts); with the file kept at its peak, every
 * later commit looked like a long log and started the worker again.
 */
export const JOURNAL_SIZE_LIMIT = 4 * 1024 * 1024;

/**
 * Opens (creating if needed) the local database and brings its schema up to date.
 * WAL lets the renderer's reads go on while a sync round writes; `synchronous=NORMAL`
 * is durable across app crashes under WAL (only an OS crash can lose the last commit).
 * Statement journals stay in memory: a multi-row upsert writes one for every
 * statement, and in a temporary file that was a tenth of storing a message.
 */
export function openDatabase(file: string): Database {
  if (file !== ':memory:') {
    privateDir(dirname(file));
    privateFile(file);
  }
  const db = new DatabaseSync(file);
  try {
    // Before anything writes to it: a newer build's file is left exactly as it is.
    refuseNewerSchema(db, file);
    db.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL;
      PRAGMA foreign_keys = ON;
      PRAGMA busy_timeout = 5000;
      PRAGMA temp_store = MEMORY;
      PRAGMA wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES};
      PRAGMA journal_size_limit = ${JOURNAL_SIZE_LIMIT};
    `);
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

/** A database written by a newer Parley: this build must not open (and so change) it. */
export class NewerDatabaseError extends Error {
  readonly file: string;
  readonly version: number;
  constructor(file: string, version: number) {
    super(
      `The local data in ${file} was written by a newer Parley (database version ${version}); ` +
        `this Parley reads up to version ${SCHEMA_VERSION}. Install a Parley that reads ` +
        `database version ${version} to open it, or move the file elsewhere to start afresh.`,
    );
    this.name = 'NewerDatabaseError';
    this.file = file;
    this.version = version;
  }
}

function userVersion(db: Database): number {
  return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
}

function refuseNewerSchema(db: Database, file: string): void {
  const version = userVersion(db);
  if (version > SCHEMA_VERSION) throw new NewerDatabaseError(file, version);
}

/**
 * SQLite's automatic checkpoint runs inside whichever commit crosses this
 * threshold and holds the event loop on disk I/O. The app's core copies the
 * log from a worker thread instead (checkpointer.ts) and turns this off; the
 * CLI keeps it as the bound on the log's growth.
 */
export const AUTO_CHECKPOINT_PAGES = 10_000;

export function migrate(db: Database, migrations = MIGRATIONS): void {
  const current = userVersion(db);
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    transaction(db, () => {
      migration.up(db);
      db.exec(`PRAGMA user_version = ${migration.version}`);
    });
  }
}

/**
 * Runs `work` in one transaction; nested calls join the outer one. BEGIN and
 * COMMIT are prepared once per connection, not parsed again for every
 * transaction as text run by exec() is. A connection that shares the write
 * lock through a gate (write-gate.ts) passes it first.
 */
export function transaction<T>(db: Database, work: () => T): T {
  if (db.isTransaction) return work();
  enterWriteGate(db);
  try {
    statement(db, 'BEGIN IMMEDIATE').run();
    try {
      const result = work();
      statement(db, 'COMMIT').run();
      return result;
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  } finally {
    leaveWriteGate(db);
  }
}
