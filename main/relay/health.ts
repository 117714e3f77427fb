import type { ServerResponse } from 'node:http';
import { BODY_LIMIT } from '../webhook-protocol/delivery-body.ts';
import { sendJson } from './responses.ts';
import type { ThreadedEventStore } from './threaded-event-store.ts';

/**
 * `/healthz` needs no token, so a write check is shared by every request that
 * arrives while it runs and its outcome is reused this long: a flood of health
 * checks costs at most one commit per interval.
 */
const CHECK_REUSE_MS = 1_000;
/** A store thread that has not committed a tiny write by then is as good as stuck. */
const CHECK_TIMEOUT_MS = 5_000;

export interface Health {
  /** Answers 200 `{ "ok": true }` or 503 `{ "ok": false, "reason" }`. */
  answer(response: ServerResponse): Promise<void>;
}

/**
 * The relay is healthy when it can do what the catalogue service relies on:
 * commit a delivery to disk. Its store thread must be running and the
 * database must take a write (a full disk shows here, and so does room
 * made again, without waiting for the next delivery).
 */
export function createHealth(store: ThreadedEventStore, now: () => number): Health {
  let last: { startedAt: number; settled: boolean; problem: Promise<string | null> } | null = null;

  async function writeProblem(): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<string>((resolve) => {
      timer = setTimeout(
        () =>
          resolve(
            `the relay's database did not commit a write within ${CHECK_TIMEOUT_MS / 1000} s`,
          ),
        CHECK_TIMEOUT_MS,
      );
    });
    // After a failed write, a tiny check could fit where a delivery did not:
    // then the check is as big as the biggest delivery, and passes once there is room again.
    const bytes = store.writeFailure() === null ? 0 : BODY_LIMIT;
    const checked = store.checkWritable(now(), bytes).then(
      () => null,
      (error: Error) =>
        store.failure() === null
          ? `the relay's database cannot be written: ${error.message}`
          : null,
    );
    try {
      return await Promise.race([checked, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function problem(): Promise<string | null> {
    const failure = store.failure();
    if (failure !== null) return `${failure.message}; restart the relay`;
    if (last === null || (last.settled && performance.now() - last.startedAt >= CHECK_REUSE_MS)) {
      const check = { startedAt: performance.now(), settled: false, problem: writeProblem() };
      void check.problem.finally(() => (check.settled = true));
      last = check;
    }
    // The thread may have died during the check: then that is the reason.
    return (await last.problem) ?? (store.failure() === null ? null : problem());
  }

  return {
    async answer(response) {
      const reason = await problem();
      if (reason === null) sendJson(response, 200, '{"ok":true}');
      else sendJson(response, 503, JSON.stringify({ ok: false, reason }));
    },
  };
}
