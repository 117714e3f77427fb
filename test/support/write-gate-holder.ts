import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../main/core/store/database.ts';
import {
  enterWriteGate,
  joinWriteGate,
  leaveWriteGate,
  writeWanted,
} from '../../main/core/store/write-gate.ts';

/**
 * A writer on a thread of its own, as the history writer is: it opens a
 * transaction through the gate (the yielding side), says so, and holds it
 * until the gate says the other side wants to write, or for `holdMs`.
 * Answers whether it let go because it was asked to.
 */
const { file, gate, holdMs } = workerData as {
  file: string;
  gate: SharedArrayBuffer;
  holdMs: number;
};
const db = openDatabase(file);
joinWriteGate(db, gate, 'yields');
enterWriteGate(db);
db.exec('BEGIN IMMEDIATE');
db.exec(`INSERT INTO meta (key, value) VALUES ('held by', 'the writer')`);
parentPort?.postMessage('holding');
const until = performance.now() + holdMs;
const pause = new Int32Array(new SharedArrayBuffer(4));
while (!writeWanted(db) && performance.now() < until) Atomics.wait(pause, 0, 0, 1);
const asked = writeWanted(db);
db.exec('COMMIT');
leaveWriteGate(db);
db.close();
parentPort?.postMessage(asked ? 'yielded' : 'held on');
