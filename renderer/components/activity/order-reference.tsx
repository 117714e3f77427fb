import type { ActivityItem } from '../../../shared/model/activity.ts';
import { useActivity } from '../../stores/activity-feed-store.ts';

/** An order's number when an event of it has arrived, else null. */
export function orderNumberOf(item: ActivityItem): string | null {
  const own = item.type.startsWith('order.') ? item.payload.number : null;
  return typeof own === 'string' && own.trim() !== '' ? own : item.context.orderNumber;
}

/**
 * The order a shipment or invoice belongs to, by its number, as a way to see
 * that order's events. The service names it by an internal id; the number
 * comes from the order's own events, and until one has arrived the id is all
 * there is, said as such.
 */
export function OrderReference({ item }: { item: ActivityItem }) {
  const id = typeof item.payload.orderId === 'string' ? item.payload.orderId : null;
  const showing = useActivity((s) => s.orderId);
  const number = item.context.orderNumber;
  if (id === null) return <>—</>;
  const shown = number ?? (
    <span className="unresolved">
      Details not received yet <span className="reference-id">(ID {id})</span>
    </span>
  );
  if (showing === id) return <>{shown}</>;
  return (
    <button
      type="button"
      className="link-button"
      aria-label={`${number ?? `Details not received yet (ID ${id})`}: show this order’s events`}
      title="Show this order’s events"
      onClick={() => useActivity.getState().showOrder(id)}
    >
      {shown}
    </button>
  );
}
