import { listTime } from '../../lib/format.ts';

const HOUR_MS = 3_600_000;
const sameDay = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const thisWeek = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
});
const earlier = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "now", "12 min", "2:05 PM", "Mon 2:05 PM", "Nov 14, 2:05 PM": when, with the time of day a shop owner goes by. */
export function eventTimeText(ms: number, now = Date.now()): string {
  const age = now - ms;
  if (age >= 0 && age < HOUR_MS) return listTime(ms, now);
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  if (ms >= start.getTime() && age >= 0) return sameDay.format(ms);
  start.setDate(start.getDate() - 6);
  if (ms >= start.getTime() && age >= 0) return thisWeek.format(ms);
  return earlier.format(ms);
}
