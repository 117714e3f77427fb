import { once } from 'node:events';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, transaction, type Database } from '../../../main/core/store/database.ts';
import { createWriteGate, joinWriteGate } from '../../../main/core/store/write-gate.ts';
import { tempDir } from '../../support/temp-dir.ts';

let dir: ReturnType<typeof tempDir>;
let db: Database;

afterEach(() => {
  db.close();
  dir.remove();
});

/** Longer than the main connection's busy timeout: a write waiting it out fails. */
const HOLD_MS = 8_000;

it.each([
  ['between pieces of its work', 'busy'],
  ['while it waits for more work, its transaction open', 'idle'],
])(
  "lets the main thread's write in before another thread's open transaction would end, %s",
  async (_, mode) => {
    dir = tempDir('parley-gate-');
    const file = join(dir.path, 'parley.db');
    db = openDatabase(file);
    const gate = createWriteGate();
    joinWriteGate(db, gate, 'first');
    const holder = new Worker(new URL('../../support/write-gate-holder.ts', import.meta.url), {
      workerData: { file, gate, holdMs: HOLD_MS, mode },
    });
    const exited = once(holder, 'exit');
    const answers: unknown[] = [];
    const answered = new Promise<void>((resolve) =>
      holder.on('message', (answer) => {
        answers.push(answer);
        if (answers.length === 2) resolve();
      }),
    );
    const [holding] = await once(holder, 'message');
    expect(holding).toBe('holding');

    // Without the gate this waits on SQLite's busy handler until the busy timeout, then fails.
    transaction(db, () =>
      db.prepare(`INSERT INTO meta (key, value) VALUES ('written by', 'the main thread')`).run(),
    );

    await answered;
    await exited;
    expect(answers).toEqual(['holding', 'yielded']);
    expect(
      db
        .prepare(`SELECT key, value FROM meta WHERE key IN ('held by', 'written by') ORDER BY key`)
        .all(),
    ).toEqual([
      { key: 'held by', value: 'the writer' },
      { key: 'written by', value: 'the main thread' },
    ]);
  },
  20_000,
);
