import type { ActivityItem } from '../../../shared/model/activity.ts';
import { call } from '../../ipc/parley.ts';
import { orderLines, orderTotal } from '../../lib/order-total.ts';
import { openConversation } from '../../stores/navigation.ts';
import { attempt } from '../../stores/notice-store.ts';
import { useSettings } from '../../stores/settings-store.ts';
import { Fields } from './fields.tsx';

const ORDER_FIELDS: Record<string, string[]> = {
  'order.created': ['customerId', 'status', 'origin', 'orderDate'],
  'order.updated': ['customerId', 'status', 'deliveryDate', 'origin', 'orderDate'],
};

/** Opens (creating if needed) the conversation with the contact whose id is the customer's. */
async function messageCustomer(customerId: string) {
  const opened = await attempt(() => call('orders:messageCustomer', { customerId }));
  if (opened) openConversation(opened.conversationId);
}

function OrderLines({ payload }: { payload: Record<string, unknown> }) {
  const lines = orderLines(payload);
  if (lines.length === 0) return null;
  const total = orderTotal(lines);
  return (
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
  );
}

/** The number is in the card's title; here the customer, lines with the exact total, and a way to write to them. */
export function OrderDetails({ item }: { item: ActivityItem }) {
  const canMessage = useSettings((s) => s.settings?.webhooks.messageCustomer ?? false);
  const customerId = typeof item.payload.customerId === 'string' ? item.payload.customerId : null;
  const number = typeof item.payload.number === 'string' ? item.payload.number : 'this order';
  return (
    <>
      <Fields payload={item.payload} keys={ORDER_FIELDS[item.type]} />
      <OrderLines payload={item.payload} />
      {customerId && canMessage && (
        <div>
          <button
            type="button"
            className="button secondary small"
            aria-label={`Message customer ${customerId} about ${number}`}
            onClick={() => void messageCustomer(customerId)}
          >
            Message customer
          </button>
        </div>
      )}
    </>
  );
}
