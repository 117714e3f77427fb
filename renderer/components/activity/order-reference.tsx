import type { ActivityItem } from '../../../shared/model/activity.ts';

/**
 * The order a shipment or invoice belongs to, by its number. The service
 * names it by an internal id; the number comes from the order's own events,
 * and until one has arrived the id is all there is, said as such.
 */
export function OrderReference({ item }: { item: ActivityItem }) {
  const id = typeof item.payload.orderId === 'string' ? item.payload.orderId : null;
  if (item.context.orderNumber !== null) return <>{item.context.orderNumber}</>;
  if (id === null) return <>—</>;
  return (
    <span className="unresolved">
      Details not received yet <span className="reference-id">(ID {id})</span>
    </span>
  );
}
