import type { ActivityItem } from '../../../shared/model/activity.ts';
import { exactTime, listTime } from '../../lib/format.ts';

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

/**
 * When the event happened, as the service stamped it (the feed's order), not
 * when it arrived: a delivery retried for an hour, or a shop's past sent at
 * once, still reads in the order things happened. Both are in the tooltip.
 */
export function EventTime({ item }: { item: ActivityItem }) {
  const stamped = Date.parse(item.timestamp);
  const happened = Number.isFinite(stamped) ? stamped : item.receivedAt;
  const late = Math.abs(item.receivedAt - happened) > 60_000;
  const title = late
    ? `${exactTime(happened)} (received ${exactTime(item.receivedAt)})`
    : exactTime(happened);
  return (
    <time dateTime={new Date(happened).toISOString()} title={title}>
      {eventTimeText(happened)}
    </time>
  );
}
