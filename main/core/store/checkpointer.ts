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
 * The worker starts when the log has something to copy and ends after a
 * quiet spell, so an idle app does not keep its memory (about 20 MB).
 */
const CHECK_EVERY_MS = 1_000;
const QUIET_CHECKS_BEFORE_EXIT = 30;

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
    const result = checkpoint.get();
    parentPort.postMessage({ ok: true, frames: result.checkpointed, ms: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String(error) });
  }
});
`;

interface Reply {
  ok: boolean;
  frames?: number;
  ms?: number;
  error?: string;
}

export function startCheckpointer(
  db: Database,
  file: string,
  clock: Clock,
  log: Logger,
): { stop(): Promise<void> } {
  const walFile = `${file}-wal`;
  db.exec('PRAGMA wal_autocheckpoint = 0');
  let worker: Worker | null = null;
  let busy = false;
  let quiet = 0;
  let lastWrite = 0;
  let timer = clock.setTimeout(check, CHECK_EVERY_MS);

  /** Every commit appends to the log; a checkpoint does not touch it. */
  function lastCommit(): number {
    try {
      return statSync(walFile).mtimeMs;
    } catch {
      return 0;
    }
  }

  /** Once a second while commits come in, and once more after the last of them. */
  function check(): void {
    timer = clock.setTimeout(check, CHECK_EVERY_MS);
    if (busy) return;
    const written = lastCommit();
    if (written !== lastWrite) {
      lastWrite = written;
      quiet = 0;
      run();
      return;
    }
    quiet += 1;
    if (worker !== null && quiet >= QUIET_CHECKS_BEFORE_EXIT) {
      void worker.terminate();
      worker = null;
    }
  }

  function run(): void {
    worker ??= spawn();
    busy = true;
    worker.postMessage('checkpoint');
  }

  function spawn(): Worker {
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { file } });
    started.on('message', (reply: Reply) => {
      busy = false;
      if (!reply.ok) log.warn('checkpoint failed', { error: reply.error });
      else if ((reply.ms ?? 0) > 1_000)
        log.info('slow checkpoint', { ms: reply.ms, frames: reply.frames });
    });
    started.on('error', (error) => {
      busy = false;
      worker = null;
      // Without the worker, SQLite's own checkpoint bounds the log again.
      log.error('checkpoint worker failed', { error: String(error) });
      if (db.isOpen) db.exec(`PRAGMA wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
    });
    started.unref();
    return started;
  }

  return {
    async stop() {
      timer.cancel();
      const running = worker;
      worker = null;
      await running?.terminate();
      if (db.isOpen) db.exec(`PRAGMA wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
    },
  };
}
