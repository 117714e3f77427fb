import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Clock, Logger } from '../ports/ports.ts';
import { AUTO_CHECKPOINT_PAGES, type Database } from './database.ts';

/**
 * Copies the write-ahead log back into the database file from a worker
 * thread with a connection of its own, so the copy and its fsync never hold
 * the main thread. SQLite's own checkpoint runs inside whichever commit
 * crosses its threshold: during a history sync that was a 100–300 ms stall
 * every few seconds, with IPC answers and webhook deliveries waiting behind it.
 *
 * A copy made while commits go on cannot finish: the log only starts over
 * when a writer finds it fully copied. So the worker copies once a second
 * while commits come in, and a long run of writes (the history sync) offers
 * `catchUp()` between its steps: when a copy of a long log has finished
 * since the last catch-up, the writes under way are let land (the history
 * writer's thread commits on its own), then what was written meanwhile is
 * copied (little, so the pause is short) with no write in between; the next
 * commit starts the log over. Without that wait the thread's commits never
 * let a copy finish: a sync of a million messages grew the log to 2 GB.
 *
 * The worker starts when the log has grown past WORKER_FOR_LOG_BYTES and
 * ends after a quiet spell, though the process keeps most of what a thread
 * took. A shorter log waits: the few commits of poll rounds and the user's
 * writes reach that size over hours, and closing the database copies what is
 * left.
 */
const CHECK_EVERY_MS = 1_000;
/**
 * A log worth a thread: 16 MB of 4 KiB pages. Starting one costs the process
 * 10–15 MB of resident memory that it keeps after the thread ends. The demo
 * workspace's first sync writes a 6 MB log for a 0.55 MB database (its many
 * small commits rewrite the same pages, which a copy writes once), and at the
 * 4 MB this was before, the thread started for it and the idle core kept
 * 13 MB more. The file is cut back to JOURNAL_SIZE_LIMIT whenever the log
 * starts over, so a file longer than this is a log at least this long.
 */
const WORKER_FOR_LOG_BYTES = 16 * 1024 * 1024;
const QUIET_CHECKS_BEFORE_EXIT = 30;
/** A log this long (32 MB of 4 KiB pages) is worth a pause of the writes to start it over. */
const CATCH_UP_FRAMES = 8_192;

// Plain JavaScript evaluated in the worker: no file of its own to bundle or to find at run time.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA busy_timeout = 5000');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
parentPort.on('message', () => {
  const started = performance.now();
  try {
    const { log, checkpointed } = checkpoint.get();
    parentPort.postMessage({ ok: true, log, checkpointed, ms: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String(error) });
  }
});
`;

interface Reply {
  ok: boolean;
  log?: number;
  checkpointed?: number;
  ms?: number;
  error?: string;
}

export interface Checkpointer {
  /**
   * Between writes of a long run: resolves at once, or, when a copy of a long
   * log has finished since the last catch-up, waits for `quiet()` (the writes
   * under way have landed and no other starts) and copies what is left.
   */
  catchUp(quiet: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export function startCheckpointer(
  db: Database,
  file: string,
  clock: Clock,
  log: Logger,
): Checkpointer {
  const walFile = `${file}-wal`;
  db.exec('PRAGMA wal_autocheckpoint = 0');
  let worker: Worker | null = null;
  let running: Promise<void> | null = null;
  let replied: ((reply: Reply) => void) | null = null;
  let quiet = 0;
  let lastWrite = 0;
  let stopped = false;
  /** A copy finished since the last catch-up: the next one can finish the log. */
  let copied = false;
  let timer = clock.setTimeout(check, CHECK_EVERY_MS);

  /** Every commit appends to the log (when it last did, and how long it is); a checkpoint does not touch it. */
  function logState(): { written: number; bytes: number } {
    try {
      const stat = statSync(walFile);
      return { written: stat.mtimeMs, bytes: stat.size };
    } catch {
      return { written: 0, bytes: 0 };
    }
  }

  /** Once a second while commits come in, and once more after the last of them. */
  function check(): void {
    timer = clock.setTimeout(check, CHECK_EVERY_MS);
    if (running !== null) return;
    const { written, bytes } = logState();
    if (written !== lastWrite && (worker !== null || bytes > WORKER_FOR_LOG_BYTES)) {
      lastWrite = written;
      quiet = 0;
      void run();
      return;
    }
    quiet += 1;
    if (worker !== null && quiet >= QUIET_CHECKS_BEFORE_EXIT) {
      void worker.terminate();
      worker = null;
    }
  }

  function run(): Promise<void> {
    running ??= new Promise<Reply>((resolve) => {
      replied = resolve;
      worker ??= spawn();
      worker.postMessage('checkpoint');
    }).then((reply) => {
      running = null;
      copied = reply.ok && (reply.log ?? 0) >= CATCH_UP_FRAMES;
      if (!reply.ok) log.warn('checkpoint failed', { error: reply.error });
      else if ((reply.ms ?? 0) > 1_000) {
        log.info('slow checkpoint', { ms: reply.ms, frames: reply.checkpointed });
      }
    });
    return running;
  }

  function spawn(): Worker {
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { file } });
    started.on('message', (reply: Reply) => {
      const resolve = replied;
      replied = null;
      resolve?.(reply);
    });
    started.on('error', (error) => {
      worker = null;
      // Without the worker, SQLite's own checkpoint bounds the log again.
      log.error('checkpoint worker failed', { error: String(error) });
      if (db.isOpen) db.exec(`PRAGMA wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
      const resolve = replied;
      replied = null;
      resolve?.({ ok: false, error: String(error) });
    });
    started.unref();
    return started;
  }

  return {
    async catchUp(quiet) {
      if (running !== null || !copied || stopped) return;
      await quiet();
      if (running !== null || stopped) return;
      await run();
      copied = false;
    },
    async stop() {
      stopped = true;
      timer.cancel();
      const stopping = worker;
      worker = null;
      await stopping?.terminate();
      const resolve = replied;
      replied = null;
      resolve?.({ ok: true });
      if (db.isOpen) db.exec(`PRAGMA wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
    },
  };
}
