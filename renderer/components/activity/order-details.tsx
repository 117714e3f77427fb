import type { ActivityItem } from '../../../shared/model/activity.ts';
import { orderLines, orderTotal } from '../../lib/order-total.ts';
import { useActivity } from '../../stores/activity-feed-store.ts';
import { messageCustomer } from '../../stores/conversation-actions.ts';
import { useSettings } from '../../stores/settings-store.ts';
import { formatAmount } from './amounts.ts';
import { Fields } from './fields.tsx';
import { StatusBadge } from './status-badge.tsx';

const ORDER_FIELDS: Record<string, string[]> = {
  // A new order's date is the card's time.
  'order.created': ['status', 'customerId', 'origin'],
  'order.updated': ['status', 'customerId', 'deliveryDate', 'origin', 'orderDate'],
};

function OrderLines({ item }: { item: ActivityItem }) {
  const lines = orderLines(item.payload);
  if (lines.length === 0) return null;
  const { currency, productNames } = item.context;
  const money = (amount: string | null) => formatAmount(amount, currency);
  const total = orderTotal(lines);
  return (
    <table className="order-lines">
      <caption className="visually-hidden">Order lines</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Qty</th>
          <th scope="col">Unit price</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => {
          const name = productNames[line.productEan];
          return (
            <tr key={index}>
              <th scope="row">
                {name ?? <span className="unresolved">Name not received yet</span>}
                <span className="reference-id">EAN {line.productEan || '—'}</span>
              </th>
              <td>{line.quantity}</td>
              <td>{money(line.price)}</td>
              <td>{money(orderTotal([line]))}</td>
            </tr>
          );
        })}
      </tbody>
      {total && (
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td>{money(total)}</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

/**
 * The number is in the card's title; here the customer, lines with the exact
 * total, a way to write to them, and the way to everything else of the order.
 */
export function OrderDetails({ item }: { item: ActivityItem }) {
  const canMessage = useSettings((s) => s.settings?.webhooks.messageCustomer ?? false);
  const showing = useActivity((s) => s.orderId);
  const customerId = typeof item.payload.customerId === 'string' ? item.payload.customerId : null;
  const orderId = typeof item.payload.id === 'string' ? item.payload.id : null;
  const number = typeof item.payload.number === 'string' ? item.payload.number : 'this order';
  const canShowOrder = orderId !== null && showing !== orderId;
  return (
    <>
      <Fields
        payload={item.payload}
        keys={ORDER_FIELDS[item.type]}
        shown={{ status: <StatusBadge status={item.payload.status} /> }}
      />
      <OrderLines item={item} />
      {((customerId && canMessage) || canShowOrder) && (
        <div className="card-actions">
          {customerId && canMessage && (
            <button
              type="button"
              className="button secondary small"
              aria-label={`Message customer ${customerId} about ${number}`}
              onClick={() => void messageCustomer(customerId)}
            >
              Message customer
            </button>
          )}
          {canShowOrder && (
            <button
              type="button"
              className="button secondary small"
              onClick={() => useActivity.getState().showOrder(orderId)}
            >
              All events of {number}
            </button>
          )}
        </div>
      )}
    </>
  );
}
