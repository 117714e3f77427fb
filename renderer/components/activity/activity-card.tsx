import { memo } from 'react';
import type { ActivityItem } from '../../../shared/model/activity.ts';
import { describeError } from '../../ipc/errors.ts';
import { call } from '../../ipc/parley.ts';
import { exactTime, listTime } from '../../lib/format.ts';
import { orderLines, orderTotal } from '../../lib/order-total.ts';
import { openConversation } from '../../stores/navigation.ts';
import { useNotices } from '../../stores/notice-store.ts';
import { useSettings } from '../../stores/settings-store.ts';

const TITLES: Record<string, string> = {
  'product.created': 'Product created',
  'product.updated': 'Product updated',
  'product.deleted': 'Product deleted',
  'order.created': 'New order',
  'order.updated': 'Order updated',
  'shipment.created': 'Shipment created',
  'shipment.updated': 'Shipment updated',
  'invoice.created': 'Invoice created',
  'invoice.updated': 'Invoice updated',
};

export function activityTitle(type: string): string {
  return TITLES[type] ?? `Event ${type}`;
}

/** Whatever the service sent, as short text; never markup. */
function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  return json.length > 120 ? `${json.slice(0, 119)}…` : json;
}

function Fields({ payload, keys }: { payload: Record<string, unknown>; keys?: string[] }) {
  const entries = (keys ?? Object.keys(payload))
    .filter((key) => key in payload)
    .slice(0, 8)
    .map((key) => [key, payload[key]] as const);
  if (entries.length === 0) return null;
  return (
    <dl className="fields">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{show(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProductChanges({ item }: { item: ActivityItem }) {
  if (item.changes.length === 0) return null;
  return (
    <ul className="changes" aria-label="What changed">
      {item.changes.map((change) => (
        <li key={change.field}>
          <span className="change-field">{change.field}</span> {show(change.from)} →{' '}
          <strong>{show(change.to)}</strong>
        </li>
      ))}
    </ul>
  );
}

async function messageCustomer(customerId: string) {
  try {
    const { conversationId } = await call('orders:messageCustomer', { customerId });
    openConversation(conversationId);
  } catch (error) {
    useNotices.getState().push('error', describeError(error));
  }
}

function Order({ item }: { item: ActivityItem }) {
  const canMessage = useSettings((s) => s.settings?.webhooks.messageCustomer ?? true);
  const lines = orderLines(item.payload);
  const total = orderTotal(lines);
  const customerId = typeof item.payload.customerId === 'string' ? item.payload.customerId : null;
  return (
    <>
      <Fields
        payload={item.payload}
        keys={['number', 'customerId', 'status', 'origin', 'orderDate']}
      />
      {lines.length > 0 && (
        <table className="order-lines">
          <caption className="visually-hidden">Order lines</caption>
          <thead>
            <tr>
              <th scope="col">Product (EAN)</th>
              <th scope="col">Qty</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={index}>
                <td>{line.productEan}</td>
                <td>{line.quantity}</td>
                <td>{line.price}</td>
              </tr>
            ))}
          </tbody>
          {total && (
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Total
                </th>
                <td>{total}</td>
              </tr>
            </tfoot>
          )}
        </table>
      )}
      {customerId && canMessage && (
        <button
          type="button"
          className="button secondary small"
          onClick={() => void messageCustomer(customerId)}
        >
          Message customer
        </button>
      )}
    </>
  );
}

function Body({ item }: { item: ActivityItem }) {
  switch (item.type) {
    case 'product.updated':
      return (
        <>
          <Fields payload={item.payload} keys={['name', 'ean', 'price', 'status', 'forSale']} />
          <ProductChanges item={item} />
        </>
      );
    case 'product.created':
      return (
        <Fields
          payload={item.payload}
          keys={['name', 'ean', 'price', 'type', 'status', 'forSale']}
        />
      );
    case 'product.deleted':
      return <Fields payload={item.payload} keys={['ean']} />;
    case 'order.created':
    case 'order.updated':
      return <Order item={item} />;
    default:
      return <Fields payload={item.payload} />;
  }
}

export const ActivityCard = memo(function ActivityCard({ item }: { item: ActivityItem }) {
  return (
    <article
      className={`activity-card${item.seen ? '' : ' unseen'}`}
      aria-label={activityTitle(item.type)}
    >
      <header>
        {!item.seen && <span className="unseen-dot" role="img" aria-label="New" />}
        <h3>{activityTitle(item.type)}</h3>
        <time dateTime={new Date(item.receivedAt).toISOString()} title={exactTime(item.receivedAt)}>
          {listTime(item.receivedAt)}
        </time>
      </header>
      <Body item={item} />
    </article>
  );
});
