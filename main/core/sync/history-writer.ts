import { Worker } from 'node:worker_threads';
import type { ChangesEvent } from '../../../shared/ipc/events.ts';
import type { Clock, Logger } from '../ports/ports.ts';
import type { Database } from '../store/database.ts';
import { storeHistoryHere, type HistoryPage, type HistoryStore } from './page-store.ts';

/**
 * Run from source, the thread is the .ts beside this file; in the app's
 * bundle it is an entry of its own, whose path esbuild defines
 * (esbuild.config.ts).
 */
declare const PARLEY_HISTORY_WRITER_THREAD: string | undefined;
const THREAD =
  typeof PARLEY_HISTORY_WRITER_THREAD === 'string'
    ? PARLEY_HISTORY_WRITER_THREAD
    : './history-writer-thread.ts';

/** A writer this long without a page ends, so an app whose history is here keeps no thread. */
const IDLE_MS = 30_000;
/**
 * The first pages of a history are stored on the main thread: a short history
 * (the demo's, a small account's) costs less time there than the thread costs
 * memory (about 20 MB, which the process keeps after the thread ends).
 */
const PAGES_HERE = 20;

export type WriterRequest = { type: 'store'; id: number; page: HistoryPage } | { type: 'close' };
export type WriterReply =
  { id: number; changes: ChangesEvent | null } | { id: number; error: string };

export interface HistoryWriter {
  store: HistoryStore;
  stop(): Promise<void>;
}

/**
 * Stores background history on a thread with a connection of its own, so
 * storing one page overlaps fetching the next and never holds the main
 * thread: on the main thread, storing was three fifths of an initial sync's
 * time and every IPC answer waited behind it. SQLite lets one connection
 * write at a time, so a write of the main thread meanwhile waits for the
 * page's commit (a few milliseconds), and each page is still one
 * transaction, with its progress.
 *
 * The thread starts once a history has shown it is long (past its first
 * PAGES_HERE pages) and ends after a quiet spell. Should
 * it fail to start or die, pages are stored on the main thread's connection:
 * slower, never lost (a page whose answer was lost is fetched again, and
 * storing it twice changes nothing).
 */
export function startHistoryWriter(
  db: Database,
  file: string,
  clock: Clock,
  log: Logger,
  pagesHere = PAGES_HERE,
): HistoryWriter {
  const here = storeHistoryHere(db);
  /** Pages stored here since the thread last ended: only after `pagesHere` of them does it start. */
  let storedHere = 0;
  let worker: Worker | null = null;
  let failed = false;
  let closed = false;
  let nextId = 0;
  let idle: { cancel(): void } | null = null;
  const waiting = new Map<
    number,
    { resolve(changes: ChangesEvent | null): void; reject(error: Error): void }
  >();

  function spawn(): Worker {
    const started = new Worker(new URL(THREAD, import.meta.url), { workerData: { file } });
    started.on('message', (reply: WriterReply) => {
      const request = waiting.get(reply.id);
      waiting.delete(reply.id);
      if ('error' in reply) request?.reject(new Error(reply.error));
      else request?.resolve(reply.changes);
      if (waiting.size === 0) rest();
    });
    started.on('error', (error) => {
      log.error('history writer failed; storing history on the main thread', {
        error: String(error),
      });
      failed = true;
      worker = null;
      for (const [id, request] of waiting) {
        waiting.delete(id);
        request.reject(new Error(`the history writer stopped: ${String(error)}`));
      }
    });
    return started;
  }

  /** Only a page under way keeps the process alive; a quiet spell ends the thread. */
  function rest(): void {
    worker?.unref();
    if (!closed) idle = clock.setTimeout(() => void end(), IDLE_MS);
  }

  async function end(): Promise<void> {
    idle?.cancel();
    idle = null;
    const ending = worker;
    worker = null;
    storedHere = 0;
    if (ending === null) return;
    const exited = new Promise((resolve) => ending.once('exit', resolve));
    ending.postMessage({ type: 'close' } satisfies WriterRequest);
    await exited;
  }

  const store: HistoryStore = (page) => {
    // Pages stored here are stored at once, so none overtakes one still queued on the thread.
    if (failed || closed || (worker === null && storedHere < pagesHere)) {
      storedHere += 1;
      return here(page);
    }
    idle?.cancel();
    idle = null;
    worker ??= spawn();
    worker.ref();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      (worker as Worker).postMessage({ type: 'store', id, page } satisfies WriterRequest);
    });
  };

  return {
    store,
    async stop() {
      closed = true;
      await end();
    },
  };
}
