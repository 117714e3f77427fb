import { copyFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { accountTables, clearLocalData } from '../../../main/core/session/local-data.ts';
import { openDatabase } from '../../../main/core/store/database.ts';

/** A copy of the database file (and its log, if one is left) in `dir`, under `name`. */
function copyDatabase(file: string, dir: string, name: string): string {
  const copy = join(dir, name);
  copyFileSync(file, copy);
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
  return copy;
}

/** `work` on its own connection to `file`: how long it took, and the file's size after. */
function timed(file: string, work: (db: ReturnType<typeof openDatabase>) => void) {
  const db = openDatabase(file);
  const started = performance.now();
  work(db);
  const ms = performance.now() - started;
  db.close();
  return { ms, bytes: statSync(file).size };
}

/**
 * Removing an account's local data (sign-out with "also remove", or another
 * account's sign-in) on copies of `file`: as the app does it, and as plain
 * DELETEs of the same tables with the messages' triggers in place (how it
 * was done before), each on the main thread.
 */
export function clearTimes(file: string, dir: string) {
  const before = statSync(file).size;
  const app = timed(copyDatabase(file, dir, 'clear-app.db'), (db) => clearLocalData(db));
  const rows = timed(copyDatabase(file, dir, 'clear-rows.db'), (db) => {
    db.exec('BEGIN IMMEDIATE');
    for (const table of accountTables(db)) db.exec(`DELETE FROM "${table}"`);
    db.exec('COMMIT');
  });
  return { before, app, rows };
}
