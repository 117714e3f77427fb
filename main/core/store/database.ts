import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../ports/ports.ts';
import { MIGRATIONS } from './migrations/index.ts';

export type Database = DatabaseSync;

/**
 * Opens (creating if needed) the local database and brings its schema up to date.
 * WAL lets the renderer's reads go on while a sync round writes; `synchronous=NORMAL`
 * is durable across app crashes under WAL (only an OS crash can lose the last commit).
 */
export function openDatabase(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 5000;
    PRAGMA wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES};
  `);
  migrate(db);
  return db;
}

/**
 * SQLite's automatic checkpoint runs inside whichever commit crosses the
 * threshold and blocks the event loop on disk I/O: a webhook answer or a
 * keystroke's draft could pay for it. Checkpointing on an idle timer keeps
 * the WAL small; the (raised) automatic threshold stays only as a bound.
 */
const AUTO_CHECKPOINT_PAGES = 10_000;

export function scheduleCheckpoints(db: Database, clock: Clock, everyMs = 5_000): () => void {
  let timer = clock.setTimeout(run, everyMs);
  function run() {
    if (db.isOpen && !db.isTransaction) db.exec('PRAGMA wal_checkpoint(PASSIVE)');
    timer = clock.setTimeout(run, everyMs);
  }
  return () => timer.cancel();
}

export function migrate(db: Database): void {
  const current = Number(
    (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version,
  );
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    transaction(db, () => {
      migration.up(db);
      db.exec(`PRAGMA user_version = ${migration.version}`);
    });
  }
}

/** Runs `work` in one transaction; nested calls join the outer one. */
export function transaction<T>(db: Database, work: () => T): T {
  if (db.isTransaction) return work();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
