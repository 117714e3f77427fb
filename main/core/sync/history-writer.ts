import { Worker } from 'node:worker_threads';
import type { ChangesEvent } from '../../../shared/ipc/events.ts';
import type { Clock, Logger } from '../ports/ports.ts';
import type { Database } from '../store/database.ts';
import { createWriteGate, joinWriteGate, yieldingThreadEnded } from '../store/write-gate.ts';
import { hasSearchBacklog, indexSearchBacklogInTurns } from '../store/search-backlog.ts';
import { workerConnection, type WorkerAsk } from '../store/worker-connection.ts';
import {
  storeConversationsHere,
  storeHistoryHere,
  type ConversationsStore,
  type HistoryStore,
} from './page-store.ts';

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

/**
 * What the thread is asked (see store/worker-connection.ts): to store a page
 * of history or of the conversation list (answered with what it changed, or
 * null when it was not stored), to index a chunk of the search backlog
 * (answered with whether any is left), or whether it is ready (it has loaded
 * and opened the database).
 *
 * A page (HistoryPage, ConversationsPage from page-store.ts) crosses as its
 * JSON text, not as objects: a structured clone writes each object's keys
 * one by one, and a page is a hundred records of a dozen keys. For 1,000
 * pages of history, JSON.stringify took 76–84 ms where postMessage's cloning
 * took 100–136 ms on the main thread (whose work the feed waits for), and
 * JSON.parse 108 ms where deserialising took 167 ms. A page holds only what
 * JSON carries: records read from the server's JSON.
 */
export type WriterRequest = { page: string } | { list: string } | 'index-search' | 'ready';
type WriterAnswer = ChangesEvent | boolean | null;
/** What the thread is sent: an ask, or `close`. */
export type WriterMessage = WorkerAsk<WriterRequest> | 'close';

export interface HistoryWriter {
  store: HistoryStore;
  /**
   * Stores a page of the initial sync's conversation list: on the thread
   * once it is ready (a long list starts it, see `warm`), so fetching the
   * list overlaps storing it.
   */
  storeConversations: ConversationsStore;
  /**
   * A long history is coming: the thread starts now, so that it has loaded
   * by the time the pages do; they are stored here until it has. Resolves
   * once it is ready (or has failed, and pages stay here).
   */
  warm(): Promise<void>;
  /**
   * Indexes the search backlog the thread's pages left
   * (store/search-backlog.ts); resolves once it is empty, or the writer stops.
   */
  indexSearch(): Promise<void>;
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
 * PAGES_HERE pages) and ends after a quiet spell. Should it fail to start or
 * die, pages are stored on the main thread's connection: slower, never lost
 * (a page whose answer was lost is fetched again, and storing it twice
 * changes nothing).
 */
export function startHistoryWriter(
  db: Database,
  file: string,
  clock: Clock,
  log: Logger,
  pagesHere = PAGES_HERE,
): HistoryWriter {
  // This thread's writes go before the writer's (store/write-gate.ts).
  const gate = createWriteGate();
  joinWriteGate(db, gate, 'first');
  const here = storeHistoryHere(db);
  const listHere = storeConversationsHere(db);
  /** Pages stored here since the thread last ended: only after `pagesHere` of them does it start. */
  let storedHere = 0;
  /**
   * Whether the thread has answered that it is ready. Pages are stored here
   * until then: starting it took 0.1–0.2 s of loading in which the fetching
   * stopped, waiting for the thread to store the pages it had handed over.
   */
  let ready = false;
  let warming: Promise<void> | null = null;
  let failed = false;
  let stopped = false;
  let indexing: Promise<void> | null = null;
  const thread = workerConnection<WriterRequest, WriterAnswer>({
    clock,
    idleMs: IDLE_MS,
    spawn: () => new Worker(new URL(THREAD, import.meta.url), { workerData: { file, gate } }),
    async end(worker) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close' satisfies WriterMessage);
      await exited;
    },
    failed(error) {
      log.error('history writer failed; storing history on the main thread', {
        error: String(error),
      });
      failed = true;
      yieldingThreadEnded(gate);
    },
    ended() {
      yieldingThreadEnded(gate);
      storedHere = 0;
      ready = false;
      warming = null;
    },
  });

  return {
    store(page) {
      if (failed || stopped) return here(page);
      // Pages stored here are stored at once, so none overtakes one still queued on the thread.
      if (ready) return storeThere({ page: JSON.stringify(page) });
      storedHere += 1;
      if (storedHere > pagesHere) void warm();
      return here(page);
    },
    storeConversations(page) {
      if (failed || stopped || !ready) return listHere(page);
      return storeThere({ list: JSON.stringify(page) });
    },
    warm,
    indexSearch() {
      indexing ??= indexBacklog().finally(() => (indexing = null));
      return indexing;
    },
    async stop() {
      stopped = true;
      await thread.stop();
    },
  };

  /** A page stored on the thread: what it changed, or null when it was not stored. */
  function storeThere(request: { page: string } | { list: string }): Promise<ChangesEvent | null> {
    return thread.ask(request) as Promise<ChangesEvent | null>;
  }

  function warm(): Promise<void> {
    if (failed || stopped) return Promise.resolve();
    warming ??= thread.ask('ready').then(
      () => void (ready = true),
      () => undefined,
    );
    return warming;
  }

  async function indexBacklog(): Promise<void> {
    try {
      if (stopped || !hasSearchBacklog(db)) return;
      if (!failed) {
        try {
          // A chunk per ask, asked for once the last is answered: the thread
          // never holds the write lock from one chunk to the next, so a write
          // here waits for one chunk at most. Left to index the whole backlog
          // by itself, it took the lock again the moment it let it go, and
          // SQLite's busy handler, retrying every 25–100 ms, rarely found it
          // free: the main thread stood still for 0.9–2.2 s while a history
          // of 500,000 or 1,000,000 messages was indexed.
          let more = true;
          while (more && !stopped) more = (await thread.ask('index-search')) === true;
          return;
        } catch (error) {
          // Only a thread that died leaves the work to this one; a refusal is retried next time.
          if (stopped || !failed) throw error;
        }
      }
      await indexSearchBacklogInTurns(db, () => stopped);
    } catch (error) {
      if (!stopped) log.error('indexing history for search failed', { error: String(error) });
    }
  }
}
