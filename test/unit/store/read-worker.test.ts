import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { openDatabase, type Database } from '../../../main/core/store/database.ts';
import { startReadWorker } from '../../../main/core/store/read-worker.ts';
import { manualClock } from '../../support/manual-clock.ts';
import { tempDir } from '../../support/temp-dir.ts';

let dir: ReturnType<typeof tempDir>;
let db: Database;

afterEach(() => {
  db.close();
  dir.remove();
});

it('reads what was committed on a connection of its own, until stopped', async () => {
  dir = tempDir('parley-read-worker-');
  const file = join(dir.path, 'parley.db');
  db = openDatabase(file);
  const read = startReadWorker(file, manualClock(), silentLogger);
  db.prepare(
    "INSERT INTO drafts (conversation_id, text, updated_at) VALUES ('c1', 'hello', 0)",
  ).run();

  expect(await read('SELECT text FROM drafts WHERE conversation_id = $id', { $id: 'c1' })).toEqual([
    { text: 'hello' },
  ]);
  await expect(read('DELETE FROM drafts', {})).rejects.toThrow(/readonly/);
  expect(db.prepare('SELECT COUNT(*) AS n FROM drafts').get()).toEqual({ n: 1 });

  await read.stop();
  await expect(read('SELECT 1', {})).rejects.toThrow('the database was closed');
});
