import type { Migration } from './migration.ts';

/**
 * Shipments and invoices name their order by its internal id; the activity
 * view shows the order's number and the invoice's currency, found among the
 * order and invoice events received. These make each lookup an index seek.
 */
export const activityReferences: Migration = {
  version: 6,
  name: 'activity-references',
  up(db) {
    db.exec(`
      CREATE INDEX activity_orders ON activity (source, json_extract(payload, '$.id'), occurred_at)
        WHERE type IN ('order.created', 'order.updated');
      CREATE INDEX activity_invoices
        ON activity (source, json_extract(payload, '$.orderId'), occurred_at)
        WHERE type IN ('invoice.created', 'invoice.updated');
    `);
  },
};
