import { listTime } from '../../lib/format.ts';
import { useNow } from '../../stores/clock-store.ts';

/**
 * A list's compact time that keeps up with the clock: "now" turns into
 * "1 min", and a time of day into a weekday at midnight. A component of its
 * own, so the minute re-renders these words and not the row around them.
 */
export function ListTime({ ms }: { ms: number }) {
  return listTime(ms, useNow());
}
