import type { Clock } from '../../main/core/ports/ports.ts';

/**
 * A Clock that moves only when told: `advance` fires every timer that falls
 * due, in time order, letting the promise jobs each one starts settle before
 * the next, so code scheduled by the clock runs exactly as it would in time.
 */
export function manualClock(start = 1_700_000_000_000) {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();

  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };

  const clock: Clock & {
    advance(ms: number): Promise<void>;
    readonly pending: number[];
  } = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return { cancel: () => void timers.delete(id) };
    },
    async advance(ms) {
      const until = now + ms;
      for (;;) {
        await settle();
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= until)
          .sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
        if (!due) break;
        const [id, timer] = due;
        timers.delete(id);
        now = Math.max(now, timer.at);
        timer.callback();
      }
      now = until;
      await settle();
    },
    /** When each waiting timer fires, soonest first. */
    get pending() {
      return [...timers.values()].map((timer) => timer.at).sort((a, b) => a - b);
    },
  };
  return clock;
}
