import type { Worker } from 'node:worker_threads';
import type { Clock } from '../ports/ports.ts';

/** What the main thread sends a worker: a request under an id, answered under the same id. */
export interface WorkerAsk<Request> {
  id: number;
  request: Request;
}
export type WorkerAnswer<Answer> = { id: number; answer: Answer } | { id: number; error: string };

export interface WorkerConnection<Request, Answer> {
  /** Sends `request`, starting the thread if it is not running; resolves with its answer. */
  ask(request: Request): Promise<Answer>;
  /** Whether the thread runs now. */
  readonly running: boolean;
  /** Ends the thread; every later ask is refused. */
  stop(): Promise<void>;
}

/**
 * A worker thread with a database connection of its own, asked one request
 * at a time and answered in order (`store/read-worker.ts`,
 * `sync/history-writer.ts`). It starts with the first request and ends after
 * `idleMs` without one, so an app that is not using it keeps no thread; only
 * a request under way keeps the process alive.
 */
export function workerConnection<Request, Answer>(options: {
  clock: Clock;
  idleMs: number;
  spawn(): Worker;
  /** Ends a running thread: terminated, or asked to close its connection first. */
  end(worker: Worker): Promise<void>;
  /** The thread failed; the requests under way are refused with `error`. */
  failed(error: Error): void;
  /** The thread ended after a quiet spell. */
  ended?(): void;
}): WorkerConnection<Request, Answer> {
  let worker: Worker | null = null;
  let nextId = 0;
  let idle: { cancel(): void } | null = null;
  let stopped = false;
  const waiting = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();

  function refuseAll(error: Error): void {
    for (const [id, request] of waiting) {
      waiting.delete(id);
      request.reject(error);
    }
  }

  function spawn(): Worker {
    const started = options.spawn();
    started.on('message', (reply: WorkerAnswer<Answer>) => {
      const request = waiting.get(reply.id);
      waiting.delete(reply.id);
      if ('error' in reply) request?.reject(new Error(reply.error));
      else request?.resolve(reply.answer);
      if (waiting.size > 0) return;
      started.unref();
      if (!stopped) idle = options.clock.setTimeout(() => void quiet(), options.idleMs);
    });
    started.on('error', (error) => {
      if (worker === started) worker = null;
      options.failed(error);
      refuseAll(error);
    });
    return started;
  }

  async function end(): Promise<void> {
    idle?.cancel();
    idle = null;
    const ending = worker;
    worker = null;
    if (ending !== null) await options.end(ending);
  }

  async function quiet(): Promise<void> {
    await end();
    options.ended?.();
  }

  return {
    ask(request) {
      if (stopped) return Promise.reject(new Error('the database was closed'));
      idle?.cancel();
      idle = null;
      const running = (worker ??= spawn());
      running.ref();
      const id = nextId++;
      return new Promise<Answer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        running.postMessage({ id, request } satisfies WorkerAsk<Request>);
      });
    },
    get running() {
      return worker !== null;
    },
    async stop() {
      stopped = true;
      await end();
      refuseAll(new Error('the database was closed'));
    },
  };
}
