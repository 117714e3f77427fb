import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/core/store/database.ts';
import { createActivityLog } from '../../../main/core/webhooks/activity-log.ts';

const envelope = (id: string, type: string, minute: number, payload: Record<string, unknown>) => ({
  id,
  type,
  timestamp: `2025-03-01T10:${String(minute).padStart(2, '0')}:00Z`,
  payload,
});

describe('the events of one order (a parley://order link, an order notification)', () => {
  it('lists the order, its shipments and invoices, newest first, and nothing of other orders', () => {
    const store = createActivityLog(openDatabase(':memory:'));
    store.recordAll(
      [
        envelope('n1', 'order.created', 1, { id: 'ord_1', number: 'SO-1' }),
        envelope('n2', 'order.created', 2, { id: 'ord_2', number: 'SO-2' }),
        envelope('n3', 'shipment.created', 3, { id: 'shp_1', orderId: 'ord_1' }),
        envelope('n4', 'invoice.created', 4, { id: 'inv_1', orderId: 'ord_1' }),
        // A product whose id happens to equal an order id is not that order.
        envelope('n5', 'product.created', 5, { id: 'ord_1', name: 'Pen' }),
      ],
      0,
    );
    const page = store.list({ orderId: 'ord_1', offset: 0, limit: 10 });
    expect(page.items.map((item) => item.id)).toEqual(['n4', 'n3', 'n1']);
    expect(page).toMatchObject({ total: 3, unseen: 3 });
    expect(store.list({ orderId: 'ord_9', offset: 0, limit: 10 }).total).toBe(0);
  });
});
