import { Worker } from 'node:worker_threads';
import type { Clock, Logger } from '../ports/ports.ts';
import type { Database } from './database.ts';
import { statement } from './statement-cache.ts';

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

// Plain JavaScript evaluated in the worker: no file of its own to bundle or to find at run time.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.file, { readOnly: true });
db.exec('PRAGMA busy_timeout = 5000');
const prepared = new Map();
parentPort.on('message', ({ id, sql, params }) => {
  try {
    let statement = prepared.get(sql);
    if (!statement) prepared.set(sql, (statement = db.prepare(sql)));
    parentPort.postMessage({ id, rows: statement.all(params) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

interface Reply {
  id: number;
  rows?: unknown[];
  error?: string;
}

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
  let worker: Worker | null = null;
  let nextId = 0;
  let idle: { cancel(): void } | null = null;
  let closed = false;
  const waiting = new Map<number, { resolve(rows: unknown[]): void; reject(error: Error): void }>();

  function settle(reply: Reply): void {
    const request = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error === undefined) request?.resolve(reply.rows ?? []);
    else request?.reject(new Error(reply.error));
    if (waiting.size > 0) return;
    // Only a read under way keeps the process alive.
    worker?.unref();
    if (!closed) idle = clock.setTimeout(() => void exit(), IDLE_MS);
  }

  function spawn(): Worker {
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { file } });
    started.on('message', settle);
    started.on('error', (error) => {
      log.error('read worker failed', { error: String(error) });
      worker = null;
      for (const id of [...waiting.keys()]) settle({ id, error: String(error) });
    });
    return started;
  }

  async function exit(): Promise<void> {
    idle?.cancel();
    idle = null;
    const stopping = worker;
    worker = null;
    await stopping?.terminate();
  }

  const read: ReadRows = (sql, params) =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new Error('the database was closed'));
      idle?.cancel();
      idle = null;
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker ??= spawn();
      worker.ref();
      worker.postMessage({ id, sql, params });
    });
  return Object.assign(read, {
    async stop() {
      closed = true;
      await exit();
      for (const id of [...waiting.keys()]) settle({ id, error: 'the database was closed' });
    },
  });
}
