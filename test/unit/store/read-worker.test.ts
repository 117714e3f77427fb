import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { openDatabase, type Database } from '../../../main/core/store/database.ts';
import { startReadWorker, type ReadRows } from '../../../main/core/store/read-worker.ts';
import { manualClock } from '../../support/manual-clock.ts';
import { tempDir } from '../../support/temp-dir.ts';

let dir: ReturnType<typeof tempDir>;
let db: Database;

afterEach(() => {
  db.close();
  dir.remove();
});

function opened() {
  dir = tempDir('parley-read-worker-');
  const file = join(dir.path, 'parley.db');
  db = openDatabase(file);
  return file;
}

const draftsOf = (read: ReadRows) =>
  read('SELECT text FROM drafts WHERE conversation_id = $id', { $id: 'c1' });

it('reads what was committed on a connection of its own, until stopped', async () => {
  const file = opened();
  const read = startReadWorker(db, file, manualClock(), silentLogger, 0);
  db.prepare(
    "INSERT INTO drafts (conversation_id, text, updated_at) VALUES ('c1', 'hello', 0)",
  ).run();

  expect(await draftsOf(read)).toEqual([{ text: 'hello' }]);
  await expect(read('DELETE FROM drafts', {})).rejects.toThrow(/readonly/);
  expect(db.prepare('SELECT COUNT(*) AS n FROM drafts').get()).toEqual({ n: 1 });

  await read.stop();
  await expect(read('SELECT 1', {})).rejects.toThrow('the database was closed');
});

it('reads a small database on the main connection, and moves to the worker once it is large', async () => {
  const file = opened();
  const size = () => (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
  const read = startReadWorker(db, file, manualClock(), silentLogger, (size() + 8) * 4096);
  const insert = db.prepare(
    'INSERT INTO drafts (conversation_id, text, updated_at) VALUES (?, ?, 0)',
  );
  // A write not committed yet is seen only by the connection making it: this one.
  db.exec('BEGIN');
  insert.run('c1', 'hello');
  expect(await draftsOf(read)).toEqual([{ text: 'hello' }]);
  db.exec('ROLLBACK');

  for (let i = 0; i < 40; i++) insert.run(`c${i + 2}`, 'x'.repeat(2_000));
  db.exec('BEGIN');
  insert.run('c1', 'hello');
  expect(await draftsOf(read)).toEqual([]);
  db.exec('ROLLBACK');

  await read.stop();
  await expect(draftsOf(read)).rejects.toThrow('the database was closed');
});
