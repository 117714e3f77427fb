import { Worker } from 'node:worker_threads';
import type { Clock, Logger } from '../ports/ports.ts';
import type { Database } from './database.ts';
import { statement } from './statement-cache.ts';
import { workerConnection } from './worker-connection.ts';

/**
 * Runs a read whose cost the app does not bound: how long a full-text match
 * takes depends on how common its words are (a prefix of a word in every
 * message took 30–60 ms over a million messages), and the main thread must
 * answer IPC and webhooks meanwhile.
 */
export type ReadRows = (sql: string, params: Record<string, string | number>) => Promise<unknown[]>;

/** The same read on the main thread's own connection, for hosts without the worker (the CLI). */
export const readHere =
  (db: Database): ReadRows =>
  async (sql, params) =>
    statement(db, sql).all(params);

/** A worker this long without a read ends, so an app that is not searching keeps no thread. */
const IDLE_MS = 60_000;

interface Read {
  sql: string;
  params: Record<string, string | number>;
}

// Plain JavaScript evaluated in the worker: no file of its own to bundle or to find at run time.
// It answers as store/worker-connection.ts expects.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.file, { readOnly: true });
db.exec('PRAGMA busy_timeout = 5000');
const prepared = new Map();
parentPort.on('message', ({ id, request: { sql, params } }) => {
  try {
    let statement = prepared.get(sql);
    if (!statement) prepared.set(sql, (statement = db.prepare(sql)));
    parentPort.postMessage({ id, answer: statement.all(params) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

/**
 * Reads on a connection of their own, in a worker thread, so the main thread
 * waits for them without being held. The worker starts on the first read and
 * ends after a quiet minute; it reads what has been committed.
 */
export function startReadWorker(
  file: string,
  clock: Clock,
  log: Logger,
): ReadRows & { stop(): Promise<void> } {
  const connection = workerConnection<Read, unknown[]>({
    clock,
    idleMs: IDLE_MS,
    spawn: () => new Worker(WORKER_SOURCE, { eval: true, workerData: { file } }),
    end: async (worker) => void (await worker.terminate()),
    failed: (error) => log.error('read worker failed', { error: String(error) }),
  });
  const read: ReadRows = (sql, params) => connection.ask({ sql, params });
  return Object.assign(read, { stop: () => connection.stop() });
}
