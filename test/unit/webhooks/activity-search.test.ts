import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/core/store/database.ts';
import { createActivityLog } from '../../../main/core/webhooks/activity-log.ts';
import { clearLocalData } from '../../../main/core/session/local-data.ts';
import { readFixture } from '../../support/schema-fixtures.ts';
import { tempDir } from '../../support/temp-dir.ts';

const envelope = (id: string, type: string, minute: number, payload: Record<string, unknown>) => ({
  id,
  type,
  timestamp: `2025-03-01T10:${String(minute).padStart(2, '0')}:00Z`,
  payload,
});

const EVENTS = [
  envelope('n1', 'order.created', 1, {
    id: 'ord_1',
    number: 'SO-10004',
    customerId: 'elena.petrova',
    lines: [{ productEan: '8772209962534', quantity: 3, price: '49.95' }],
  }),
  envelope('n2', 'order.created', 2, { id: 'ord_2', number: 'SO-10005', customerId: 'jonas.berg' }),
  envelope('n3', 'shipment.created', 3, {
    id: 'shp_1',
    orderId: 'ord_1',
    carrier: 'GLS',
    trackingNumber: '3S61FC2AC0F5D2',
  }),
  envelope('n4', 'product.updated', 4, { ean: '8772209962534', name: 'Cast iron skillet 26 cm' }),
  envelope('n5', 'invoice.created', 5, { id: 'inv_1', number: 'INV-77', orderId: 'ord_2' }),
];

const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

describe('searching activity', () => {
  const log = createActivityLog(openDatabase(':memory:'));
  log.recordAll(EVENTS, 0);
  const search = (words: string, more: { types?: string[]; orderId?: string } = {}) =>
    log.list({ search: words, ...more, offset: 0, limit: 10 });

  it('finds events by any text or number in them: a customer, a tracking number, an EAN, a name', () => {
    expect(ids(search('elena'))).toEqual(['n1']);
    expect(ids(search('3S61FC2AC0F5D2'))).toEqual(['n3']);
    expect(ids(search('8772209962534'))).toEqual(['n4', 'n1']);
    expect(ids(search('Skillet'))).toEqual(['n4']);
    expect(search('skillet')).toMatchObject({ total: 1, unseen: 1 });
  });

  it('finds a shipment or an invoice by the number of its order, and an order by its number', () => {
    expect(ids(search('SO-10004'))).toEqual(['n3', 'n1']);
    expect(ids(search('so-10005'))).toEqual(['n5', 'n2']);
  });

  it('finds a shipment that came before its order by the order’s number, once the order is here', () => {
    const late = createActivityLog(openDatabase(':memory:'));
    late.recordAll([EVENTS[2]!, EVENTS[4]!], 0);
    expect(ids(late.list({ search: 'SO-10004', offset: 0, limit: 10 }))).toEqual([]);
    late.recordAll([EVENTS[0]!, EVENTS[1]!], 0);
    expect(ids(late.list({ search: 'SO-10004', offset: 0, limit: 10 }))).toEqual(['n3', 'n1']);
    expect(ids(late.list({ search: 'SO-10005 INV-77', offset: 0, limit: 10 }))).toEqual(['n5']);
    // Its own words stay: the tracking number still finds it, once.
    expect(ids(late.list({ search: '3S61FC2AC0F5D2', offset: 0, limit: 10 }))).toEqual(['n3']);
    late.recordAll([envelope('n6', 'order.updated', 6, { id: 'ord_1', number: 'SO-10004' })], 0);
    expect(ids(late.list({ search: 'GLS', offset: 0, limit: 10 }))).toEqual(['n3']);
  });

  it('needs every word, takes the last as it is being typed, and the type words too', () => {
    expect(ids(search('shipment SO-10004'))).toEqual(['n3']);
    expect(ids(search('jonas inv'))).toEqual([]);
    expect(ids(search('INV-77 invoice'))).toEqual(['n5']);
    expect(ids(search('elena.pet'))).toEqual(['n1']);
  });

  it('keeps the other filters, and finds nothing for what has no word', () => {
    expect(ids(search('SO-10004', { types: ['shipment.created'] }))).toEqual(['n3']);
    expect(ids(search('GLS', { orderId: 'ord_2' }))).toEqual([]);
    expect(search('"*- :')).toEqual({ items: [], total: 0, unseen: 0 });
    expect(search('nothing-like-this').total).toBe(0);
  });

  it('forgets the words of events that are removed', () => {
    const db = openDatabase(':memory:');
    const demo = createActivityLog(db);
    demo.recordAll(EVENTS, 0, 'demo');
    expect(demo.clear('demo')).toBe(5);
    expect(db.prepare(`SELECT count(*) AS n FROM activity_fts`).get()).toEqual({ n: 0 });
    demo.recordAll(EVENTS.slice(0, 1), 0, 'demo');
    clearLocalData(db);
    expect(demo.list({ search: 'elena', offset: 0, limit: 10 }).total).toBe(0);
  });
});

/** The log opened on a database of a released `version`, the events stored in it in this order first. */
function openAfterUpgrade(
  version: number,
  events: typeof EVENTS,
  test: (log: ReturnType<typeof createActivityLog>) => void,
) {
  const dir = tempDir('parley-activity-search-');
  try {
    const file = join(dir.path, 'parley.db');
    const released = new DatabaseSync(file);
    released.exec(readFixture(version) ?? '');
    const insert = released.prepare(
      `INSERT INTO activity (id, type, timestamp, occurred_at, received_at, payload, source)
       VALUES (?, ?, '', ?, 0, ?, 'catalogue')`,
    );
    for (const [index, event] of events.entries()) {
      insert.run(event.id, event.type, index, JSON.stringify(event.payload));
    }
    released.close();
    test(createActivityLog(openDatabase(file)));
  } finally {
    dir.remove();
  }
}

describe('the migrations that bring activity search', () => {
  it('indexes the events stored before it, a shipment with the number of its order', () => {
    openAfterUpgrade(16, EVENTS, (log) => {
      expect(ids(log.list({ search: 'SO-10004', offset: 0, limit: 10 }))).toEqual(['n3', 'n1']);
      expect(ids(log.list({ search: 'skillet', offset: 0, limit: 10 }))).toEqual(['n4']);
    });
  });

  it('indexes again a shipment stored before its order, under the order’s number', () => {
    openAfterUpgrade(17, [EVENTS[2]!, EVENTS[0]!], (log) => {
      expect(ids(log.list({ search: 'SO-10004', offset: 0, limit: 10 }))).toEqual(['n1', 'n3']);
      expect(ids(log.list({ search: 'GLS', offset: 0, limit: 10 }))).toEqual(['n3']);
    });
  });
});
