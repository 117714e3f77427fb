import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../main/core/store/database.ts';
import {
  enterWriteGate,
  joinWriteGate,
  leaveWriteGate,
  whenWriteWanted,
  writeWanted,
} from '../../main/core/store/write-gate.ts';

/**
 * A writer on a thread of its own, as the history writer is: it opens a
 * transaction through the gate (the yielding side), says so, and holds it
 * until the gate says the other side wants to write, or for `holdMs`:
 * looking between pieces of work (`busy`), or asleep until then (`idle`), as
 * the history writer holds a transaction open for more pages. Answers
 * whether it let go because it was asked to.
 */
const { file, gate, holdMs, mode } = workerData as {
  file: string;
  gate: SharedArrayBuffer;
  holdMs: number;
  mode: 'busy' | 'idle';
};
const db = openDatabase(file);
joinWriteGate(db, gate, 'yields');
enterWriteGate(db);
db.exec('BEGIN IMMEDIATE');
db.exec(`INSERT INTO meta (key, value) VALUES ('held by', 'the writer')`);
if (mode === 'idle') {
  // Asleep before it says it holds, so the other side's write cannot come first.
  const woken = whenWriteWanted(db, holdMs);
  parentPort?.postMessage('holding');
  await woken;
} else {
  parentPort?.postMessage('holding');
  const until = performance.now() + holdMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!writeWanted(db) && performance.now() < until) Atomics.wait(pause, 0, 0, 1);
}
const asked = writeWanted(db);
db.exec('COMMIT');
leaveWriteGate(db);
db.close();
parentPort?.postMessage(asked ? 'yielded' : 'held on');
