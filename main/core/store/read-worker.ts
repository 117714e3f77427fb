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
/**
 * A database this large has its reads run by the worker; a smaller one's stay
 * on the main thread. A match's cost grows with the database: 30–60 ms at
 * 488 MB (a million messages), p99 2.6 ms at most over 30,000 messages (about
 * this size: `node test/bench/store.bench.ts 30000`). A thread, once started,
 * costs the process 10 MB it keeps after the thread ends, which the demo
 * workspace's first search paid for a 0.55 MB database.
 */
const WORKER_FROM_BYTES = 16 * 1024 * 1024;

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
 * waits for them without being held, once the database is large enough for a
 * read to hold it (WORKER_FROM_BYTES); until then on `db`. The worker starts
 * on the first read it is given and ends after a quiet minute; it reads what
 * has been committed.
 */
export function startReadWorker(
  db: Database,
  file: string,
  clock: Clock,
  log: Logger,
  workerFromBytes = WORKER_FROM_BYTES,
): ReadRows & { stop(): Promise<void> } {
  const here = readHere(db);
  const connection = workerConnection<Read, unknown[]>({
    clock,
    idleMs: IDLE_MS,
    spawn: () => new Worker(WORKER_SOURCE, { eval: true, workerData: { file } }),
    end: async (worker) => void (await worker.terminate()),
    failed: (error) => log.error('read worker failed', { error: String(error) }),
  });
  const { page_size: pageSize } = db.prepare('PRAGMA page_size').get() as { page_size: number };
  const databaseBytes = () =>
    (statement(db, 'PRAGMA page_count').get() as { page_count: number }).page_count * pageSize;
  let stopped = false;
  // Once stopped, every read is refused alike, by the closed connection.
  const read: ReadRows = (sql, params) =>
    !stopped && databaseBytes() < workerFromBytes
      ? here(sql, params)
      : connection.ask({ sql, params });
  return Object.assign(read, {
    stop() {
      stopped = true;
      return connection.stop();
    },
  });
}
