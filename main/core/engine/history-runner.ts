import type { Clock } from '../ports/ports.ts';

export interface HistoryRunnerDeps {
  clock: Clock;
  /** One unit of background work; resolves true while more remains. */
  step(): Promise<boolean>;
  /** Whether a step may start at all now (signed in, online, sign-in's first pages done). */
  ready(): boolean;
  /** How long to wait after the `failures`-th failure in a row; null waits for the next wake(). */
  retryDelay(error: unknown, failures: number): number | null;
}

export interface HistoryRunner {
  start(): void;
  stop(): Promise<void>;
  /** The server answered again, or something else changed that lets work go on now. */
  wake(): void;
  /**
   * Runs `work` with the background paused: no step starts until it is over.
   * Poll rounds and what the user asked for run through here, so history
   * never competes with them (a step already under way is not waited for).
   */
  ahead<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves once the runner stops for now: finished, not ready, or waiting out a failure. */
  settled(): Promise<void>;
}

/**
 * Runs background work one step at a time, only while nothing else holds it,
 * and gives the event loop a turn between steps, so IPC answers and timers
 * never wait behind a run of steps.
 */
export function createHistoryRunner(deps: HistoryRunnerDeps): HistoryRunner {
  let active = false;
  let holds = 0;
  let loop: Promise<void> | null = null;
  let failures = 0;
  let retry: { cancel(): void } | null = null;
  let waiters: (() => void)[] = [];

  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  function settle(): void {
    const resolved = waiters;
    waiters = [];
    for (const resolve of resolved) resolve();
  }

  async function run(): Promise<void> {
    while (active && holds === 0 && retry === null && deps.ready()) {
      let more: boolean;
      try {
        more = await deps.step();
        failures = 0;
      } catch (error) {
        failures += 1;
        const delay = deps.retryDelay(error, failures);
        if (delay !== null && active) {
          retry = deps.clock.setTimeout(() => {
            retry = null;
            kick();
          }, delay);
        }
        return;
      }
      if (!more) return;
      await nextTurn();
    }
  }

  function wake(): void {
    retry?.cancel();
    retry = null;
    kick();
  }

  function kick(): void {
    if (!active || loop !== null) return;
    loop = run().finally(() => {
      loop = null;
      settle();
    });
  }

  return {
    start() {
      active = true;
      failures = 0;
      wake();
    },
    async stop() {
      active = false;
      retry?.cancel();
      retry = null;
      await loop;
    },
    wake,
    async ahead(work) {
      holds += 1;
      try {
        return await work();
      } finally {
        holds -= 1;
        if (holds === 0) kick();
      }
    },
    settled() {
      if (loop === null) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}
