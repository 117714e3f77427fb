import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../main/core/store/database.ts';
import { createActivityLog, type ActivityLog } from '../../../main/core/webhooks/activity-log.ts';
import type { Envelope } from '../../../main/webhook-protocol/envelope.ts';

let db: Database;
let log: ActivityLog;
beforeEach(() => {
  db = openDatabase(':memory:');
  log = createActivityLog(db);
});

const at = (minute: number) => `2025-03-01T10:${String(minute).padStart(2, '0')}:00Z`;
const product = (overrides: Record<string, unknown> = {}) => ({
  ean: '4006381333931',
  name: 'Stabilo pen',
  price: '1.95',
  type: 'stationery',
  status: 'available',
  forSale: true,
  updated: '2025-03-01T10:00:00Z',
  ...overrides,
});
const envelope = (
  id: string,
  type: string,
  minute: number,
  payload: Record<string, unknown>,
): Envelope => ({
  id,
  type,
  timestamp: at(minute),
  payload,
});

describe('activity log', () => {
  it('lists newest first by when events happened, with total and unseen', () => {
    log.record(envelope('a', 'order.created', 1, { number: '1' }), 1);
    log.record(envelope('c', 'order.updated', 3, { number: '1' }), 2);
    log.record(envelope('b', 'invoice.created', 2, { id: 'i' }), 3);

    const page = log.list({ offset: 0, limit: 2 });
    expect(page.items.map((item) => item.id)).toEqual(['c', 'b']);
    expect(page).toMatchObject({ total: 3, unseen: 3 });
    expect(log.list({ offset: 2, limit: 2 }).items.map((item) => item.id)).toEqual(['a']);
  });

  it('filters by event type', () => {
    log.record(envelope('a', 'order.created', 1, {}), 1);
    log.record(envelope('b', 'invoice.created', 2, {}), 2);
    log.record(envelope('c', 'shipment.created', 3, {}), 3);

    const page = log.list({ types: ['order.created', 'shipment.created'], offset: 0, limit: 50 });
    expect(page.items.map((item) => item.id)).toEqual(['c', 'a']);
    expect(page.total).toBe(2);
    expect(log.list({ types: [], offset: 0, limit: 50 }).total).toBe(0);
  });

  it('marks items seen, and counts only the ones that changed', () => {
    log.record(envelope('a', 'order.created', 1, {}), 1);
    log.record(envelope('b', 'order.created', 2, {}), 2);

    expect(log.markSeen(['a', 'unknown'])).toBe(1);
    expect(log.markSeen(['a'])).toBe(0);
    const page = log.list({ offset: 0, limit: 50 });
    expect(page.unseen).toBe(1);
    expect(page.items.map((item) => [item.id, item.seen])).toEqual([
      ['b', false],
      ['a', true],
    ]);
  });

  it('stores a notification id once: the retry returns null and changes nothing', () => {
    expect(log.record(envelope('a', 'order.created', 1, { number: '1' }), 1)).toHaveLength(1);
    expect(log.record(envelope('a', 'order.created', 1, { number: 'changed' }), 2)).toBeNull();
    const page = log.list({ offset: 0, limit: 50 });
    expect(page.total).toBe(1);
    expect(page.items[0]?.payload).toEqual({ number: '1' });
  });

  it('stores a burst in one transaction, where one failing delivery loses only itself', () => {
    db.exec(`
      CREATE TRIGGER refuse_poison BEFORE INSERT ON activity WHEN new.id = 'poison'
      BEGIN SELECT RAISE(ABORT, 'refused'); END;
    `);
    const results = log.recordAll(
      [
        envelope('a', 'order.created', 1, {}),
        envelope('poison', 'order.created', 2, {}),
        envelope('a', 'order.created', 1, {}),
        envelope('b', 'order.created', 3, {}),
      ],
      1,
    );
    expect(
      results.map((result) => (result instanceof Error ? 'error' : (result?.length ?? null))),
    ).toEqual([1, 'error', null, 1]);
    expect(log.list({ offset: 0, limit: 50 }).items.map((item) => item.id)).toEqual(['b', 'a']);
  });

  it('counts and clears one source, leaving the other', () => {
    log.record(envelope('a', 'order.created', 1, {}), 1);
    log.recordAll(
      [envelope('b', 'order.created', 2, {}), envelope('c', 'invoice.created', 3, {})],
      2,
      'demo',
    );

    expect([log.count('catalogue'), log.count('demo')]).toEqual([1, 2]);
    expect(log.clear('demo')).toBe(2);
    expect(log.list({ offset: 0, limit: 50 }).items.map((item) => item.id)).toEqual(['a']);
  });

  it('keeps a timestamp it cannot parse, ordering that event by its arrival', () => {
    log.record(envelope('a', 'order.created', 1, {}), Date.parse(at(0)));
    log.record(
      { id: 'b', type: 'order.created', timestamp: 'yesterday', payload: {} },
      Date.parse(at(5)),
    );
    const page = log.list({ offset: 0, limit: 50 });
    expect(page.items.map((item) => [item.id, item.timestamp])).toEqual([
      ['b', 'yesterday'],
      ['a', at(1)],
    ]);
  });
});

describe('product changes since the last event for that EAN', () => {
  it('lists the fields that differ from the previous product event', () => {
    log.record(envelope('p1', 'product.created', 1, product()), 1);
    const [updated] = log.record(
      envelope(
        'p2',
        'product.updated',
        2,
        product({ price: '2.15', status: 'sold-out', updated: at(2) }),
      ),
      2,
    )!;
    expect(updated?.changes).toEqual([
      { field: 'price', from: '1.95', to: '2.15' },
      { field: 'status', from: 'available', to: 'sold-out' },
    ]);
  });

  it('compares with the same EAN only, and has no changes without an earlier event', () => {
    log.record(envelope('p1', 'product.created', 1, product({ ean: 'other', price: '9.00' })), 1);
    const [first] = log.record(
      envelope('p2', 'product.updated', 2, product({ price: '2.15' })),
      2,
    )!;
    const [second] = log.record(
      envelope('p3', 'product.updated', 3, product({ forSale: false })),
      3,
    )!;
    expect(first?.changes).toEqual([]);
    expect(second?.changes).toEqual([
      { field: 'price', from: '2.15', to: '1.95' },
      { field: 'forSale', from: true, to: false },
    ]);
  });

  it('compares within one source: the demo’s products never explain the user’s', () => {
    log.record(envelope('p1', 'product.created', 1, product({ price: '9.00' })), 1, 'demo');
    const [own] = log.record(envelope('p2', 'product.updated', 2, product()), 2)!;
    const [demo] = log.record(
      envelope('p3', 'product.updated', 3, product({ price: '8.00' })),
      3,
      'demo',
    )!;
    expect(own?.changes).toEqual([]);
    expect(demo?.changes).toEqual([{ field: 'price', from: '9.00', to: '8.00' }]);
  });

  it('recomputes a later update when an earlier event arrives after it (a retried delivery)', () => {
    log.record(envelope('p1', 'product.created', 1, product()), 1);
    log.record(envelope('p3', 'product.updated', 3, product({ price: '3.00' })), 2);
    const recorded = log.record(
      envelope('p2', 'product.updated', 2, product({ price: '2.00' })),
      3,
    )!;

    expect(recorded.map((item) => [item.id, item.changes])).toEqual([
      ['p2', [{ field: 'price', from: '1.95', to: '2.00' }]],
      ['p3', [{ field: 'price', from: '2.00', to: '3.00' }]],
    ]);
    const stored = log.list({ types: ['product.updated'], offset: 0, limit: 50 }).items;
    expect(stored.find((item) => item.id === 'p3')?.changes).toEqual([
      { field: 'price', from: '2.00', to: '3.00' },
    ]);
  });

  it('leaves changes empty for other event types', () => {
    log.record(envelope('p1', 'product.created', 1, product()), 1);
    const [deleted] = log.record(envelope('p2', 'product.deleted', 2, { ean: product().ean }), 2)!;
    expect(deleted?.changes).toEqual([]);
  });
});

describe('what an event refers to', () => {
  const order = (overrides: Record<string, unknown> = {}) => ({
    id: 'ord_1',
    number: 'SO-10003',
    customerId: 'maya.chen',
    status: 'open',
    origin: 'webshop',
    orderDate: at(1),
    lines: [
      { productEan: product().ean, quantity: 2, price: '1.95' },
      { productEan: '8700000000000', quantity: 1, price: '5.00' },
    ],
    ...overrides,
  });
  const invoice = (overrides: Record<string, unknown> = {}) => ({
    id: 'inv_1',
    number: 'INV-2026-000001',
    orderId: 'ord_1',
    status: 'open',
    currency: 'EUR',
    total: '8.90',
    ...overrides,
  });
  const only = (id: string) =>
    log.list({ offset: 0, limit: 50 }).items.find((item) => item.id === id)?.context;

  it('names a shipment’s and an invoice’s order by its number once its order has arrived', () => {
    const [shipment] = log.record(
      envelope('s1', 'shipment.created', 5, { id: 'shp_1', orderId: 'ord_1' }),
      1,
    )!;
    expect(shipment?.context.orderNumber).toBeNull();

    log.record(envelope('o1', 'order.created', 1, order()), 2);
    log.record(envelope('o2', 'order.updated', 3, order({ number: 'SO-10003-B' })), 3);
    log.record(envelope('i1', 'invoice.created', 4, invoice()), 4);
    expect(only('s1')?.orderNumber).toBe('SO-10003-B');
    expect(only('i1')?.orderNumber).toBe('SO-10003-B');
    expect(only('o1')?.orderNumber).toBeNull();
  });

  it('names an order’s products from the newest product event that has a name', () => {
    log.record(envelope('p1', 'product.created', 1, product()), 1);
    log.record(envelope('p2', 'product.updated', 2, product({ name: 'Stabilo pen, blue' })), 2);
    log.record(envelope('p3', 'product.updated', 3, { ean: product().ean, price: '2.00' }), 3);
    log.record(envelope('o1', 'order.created', 4, order()), 4);
    expect(only('o1')?.productNames).toEqual({ [product().ean]: 'Stabilo pen, blue' });
  });

  it('gives amounts the currency of the event, else of its order’s invoice, else the newest invoice’s', () => {
    log.record(envelope('p1', 'product.created', 1, product()), 1);
    log.record(envelope('o1', 'order.created', 2, order()), 2);
    expect(only('p1')?.currency).toBeNull();
    expect(only('o1')?.currency).toBeNull();

    log.record(envelope('i1', 'invoice.created', 3, invoice({ currency: 'sek' })), 3);
    log.record(envelope('o2', 'order.created', 4, order({ id: 'ord_2' })), 4);
    log.record(envelope('i2', 'invoice.created', 5, invoice({ id: 'inv_2', orderId: 'ord_2' })), 5);
    expect(only('i1')?.currency).toBe('SEK');
    expect(only('o1')?.currency).toBe('SEK');
    expect(only('o2')?.currency).toBe('EUR');
    expect(only('p1')?.currency).toBe('EUR');
    log.record(envelope('x', 'order.created', 6, order({ id: 'ord_3', currency: 'USD' })), 6);
    expect(only('x')?.currency).toBe('USD');
  });

  it('looks only at events of the same source', () => {
    log.record(envelope('o1', 'order.created', 1, order()), 1, 'demo');
    log.record(envelope('i1', 'invoice.created', 2, invoice()), 2, 'catalogue');
    log.record(envelope('s1', 'shipment.created', 3, { orderId: 'ord_1' }), 3, 'catalogue');
    expect(only('s1')?.orderNumber).toBeNull();
    expect(only('i1')?.orderNumber).toBeNull();
    expect(only('o1')?.currency).toBeNull();
  });
});
