import type { ActivityItem } from '../../../shared/model/activity.ts';
import { exactTime } from '../../lib/format.ts';
import { useNow } from '../../stores/clock-store.ts';
import { eventTimeText } from './event-time-text.ts';

/**
 * When the event happened, as the service stamped it (the feed's order), not
 * when it arrived: a delivery retried for an hour, or a shop's past sent at
 * once, still reads in the order things happened. Both are in the tooltip.
 */
export function EventTime({ item }: { item: ActivityItem }) {
  const now = useNow();
  const stamped = Date.parse(item.timestamp);
  const happened = Number.isFinite(stamped) ? stamped : item.receivedAt;
  const late = Math.abs(item.receivedAt - happened) > 60_000;
  const title = late
    ? `${exactTime(happened)} (received ${exactTime(item.receivedAt)})`
    : exactTime(happened);
  return (
    <time dateTime={new Date(happened).toISOString()} title={title}>
      {eventTimeText(happened, now)}
    </time>
  );
}
