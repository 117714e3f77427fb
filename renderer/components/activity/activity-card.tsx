import { memo } from 'react';
import type { ActivityItem } from '../../../shared/model/activity.ts';
import { exactTime, listTime } from '../../lib/format.ts';
import { activityLabel, activitySubject, activityTitle } from './event-types.ts';
import { fieldLabel, fieldValue, Fields } from './fields.tsx';
import { OrderDetails } from './order-details.tsx';

// The product's name and the invoice's number are in the card's title.
const PRODUCT_FIELDS = ['ean', 'price', 'status', 'forSale', 'type'];

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
            <del>{fieldValue(change.field, change.from)}</del>
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden"> now </span>
            <ins>{fieldValue(change.field, change.to)}</ins>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Body({ item }: { item: ActivityItem }) {
  switch (item.type) {
    case 'product.updated':
      return (
        <>
          <Fields payload={item.payload} keys={PRODUCT_FIELDS} />
          <ProductChanges item={item} />
        </>
      );
    case 'product.created':
      return <Fields payload={item.payload} keys={PRODUCT_FIELDS} />;
    case 'product.deleted':
      // The title names the EAN unless the service sent a name too.
      return (
        <Fields
          payload={item.payload}
          keys={typeof item.payload.name === 'string' ? ['ean'] : []}
        />
      );
    case 'order.created':
    case 'order.updated':
      return <OrderDetails item={item} />;
    case 'shipment.created':
    case 'shipment.updated':
      return (
        <Fields
          payload={item.payload}
          keys={['status', 'carrier', 'trackingNumber', 'orderId', 'customerId', 'updated']}
        />
      );
    case 'invoice.created':
    case 'invoice.updated':
      return (
        <Fields
          payload={{
            ...item.payload,
            total: [item.payload.currency, item.payload.total].filter(Boolean).join(' '),
          }}
          keys={['status', 'total', 'dueDate', 'orderId', 'customerId', 'issueDate']}
        />
      );
    default:
      return <Fields payload={item.payload} />;
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
        <time dateTime={new Date(item.receivedAt).toISOString()} title={exactTime(item.receivedAt)}>
          {listTime(item.receivedAt)}
        </time>
      </header>
      <Body item={item} />
    </article>
  );
});
