import { memo } from 'react';
import type { ActivityItem } from '../../../shared/model/activity.ts';
import { formatAmount } from './amounts.ts';
import { EventTime } from './event-time.tsx';
import { activityLabel, activitySubject, activityTitle } from './event-types.ts';
import { fieldLabel, fieldValue, Fields } from './fields.tsx';
import { OrderDetails } from './order-details.tsx';
import { OrderReference } from './order-reference.tsx';
import { StatusBadge } from './status-badge.tsx';

// The product's name and the invoice's number are in the card's title.
const PRODUCT_FIELDS = ['price', 'status', 'forSale', 'type', 'ean'];
// The card's time says when it changed; the order is named by its number.
const SHIPMENT_FIELDS = ['status', 'orderId', 'carrier', 'trackingNumber', 'customerId'];
const INVOICE_FIELDS = ['status', 'total', 'dueDate', 'orderId', 'customerId', 'issueDate'];
const AMOUNT_FIELDS = new Set(['price', 'total']);

/** A field's value as the view shows it: amounts with their currency, statuses as badges. */
function shownValue(item: ActivityItem, field: string, value: unknown) {
  if (AMOUNT_FIELDS.has(field)) return formatAmount(value, item.context.currency);
  return fieldValue(field, value);
}

/** What differs from the previous event for the same EAN, as the core worked it out. */
function ProductChanges({ item }: { item: ActivityItem }) {
  if (item.changes.length === 0) return null;
  return (
    <div className="changes">
      <h4>Changed since the last update</h4>
      <ul>
        {item.changes.map((change) => (
          <li key={change.field}>
            <span className="change-field">{fieldLabel(change.field)}</span>{' '}
            <del>{shownValue(item, change.field, change.from)}</del>
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden"> now </span>
            <ins>{shownValue(item, change.field, change.to)}</ins>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Body({ item }: { item: ActivityItem }) {
  const { payload } = item;
  const status = <StatusBadge status={payload.status} />;
  const orderReference = <OrderReference item={item} />;
  switch (item.type) {
    case 'product.created':
    case 'product.updated':
      return (
        <>
          <Fields
            payload={payload}
            keys={PRODUCT_FIELDS}
            shown={{ status, price: shownValue(item, 'price', payload.price) }}
          />
          <ProductChanges item={item} />
        </>
      );
    case 'product.deleted':
      // The title names the EAN unless the service sent a name too.
      return <Fields payload={payload} keys={typeof payload.name === 'string' ? ['ean'] : []} />;
    case 'order.created':
    case 'order.updated':
      return <OrderDetails item={item} />;
    case 'shipment.created':
    case 'shipment.updated':
      return (
        <Fields
          payload={payload}
          keys={SHIPMENT_FIELDS}
          shown={{ status, orderId: orderReference }}
        />
      );
    case 'invoice.created':
    case 'invoice.updated':
      return (
        <Fields
          payload={payload}
          keys={INVOICE_FIELDS}
          shown={{
            status,
            orderId: orderReference,
            total: shownValue(item, 'total', payload.total),
          }}
        />
      );
    default:
      return <Fields payload={payload} />;
  }
}

/** `position` and `setSize` place the card in the whole feed, of which only a window is rendered. */
export const ActivityCard = memo(function ActivityCard({
  item,
  position,
  setSize,
}: {
  item: ActivityItem;
  position: number;
  setSize: number;
}) {
  const subject = activitySubject(item);
  return (
    <article
      className={`activity-card${item.seen ? '' : ' unseen'}`}
      aria-label={item.seen ? activityLabel(item) : `${activityLabel(item)}, new`}
      aria-posinset={position}
      aria-setsize={setSize}
    >
      <header>
        <h3>
          {activityTitle(item.type)}
          {subject && <span className="activity-subject"> {subject}</span>}
        </h3>
        {!item.seen && <span className="unseen-label">New</span>}
        <EventTime item={item} />
      </header>
      <Body item={item} />
    </article>
  );
});
