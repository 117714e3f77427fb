import { words } from './0017-activity-search.ts';
import type { Migration } from './migration.ts';

/** A shipment or an invoice of the order that `order` (a table alias or `new`) is an event of. */
const ofOrder = (order: string) => `r.source = ${order}.source
  AND json_extract(r.payload, '$.orderId') = json_extract(${order}.payload, '$.id')`;

/**
 * A shipment or an invoice names its order by id, and is found by the order's
 * number only if the order came first (migration 17). Webhooks arrive in any
 * order, and a relay's backlog after a night asleep often brings a shipment
 * before its order: an order's event now indexes again the events that name
 * it, with its number. The rows stored before this are indexed again once.
 */
export const activitySearchLateOrder: Migration = {
  version: 18,
  name: 'activity-search-late-order',
  up(db) {
    db.exec(`
      CREATE INDEX activity_by_order_id ON activity (source, json_extract(payload, '$.orderId'))
        WHERE json_extract(payload, '$.orderId') IS NOT NULL;
      CREATE TRIGGER activity_fts_order_number AFTER INSERT ON activity
      WHEN new.type IN ('order.created', 'order.updated') BEGIN
        DELETE FROM activity_fts WHERE rowid IN (SELECT r.seq FROM activity r WHERE ${ofOrder('new')});
        INSERT INTO activity_fts (rowid, words) SELECT r.seq, ${words('r')} FROM activity r
          WHERE ${ofOrder('new')};
      END;
      DELETE FROM activity_fts WHERE rowid IN (SELECT seq FROM activity
        WHERE json_extract(payload, '$.orderId') IS NOT NULL);
      INSERT INTO activity_fts (rowid, words) SELECT r.seq, ${words('r')} FROM activity r
        WHERE json_extract(r.payload, '$.orderId') IS NOT NULL;
    `);
  },
};
