import type { Migration } from './migration.ts';

/**
 * The words an event is found by (`row` is the table alias or `new`): its type
 * (`shipment updated`), every text and number in its payload, whatever its
 * shape (the spec shows few of them), and, for a shipment or an invoice, the
 * number of its order, which it names only by id, when that order came first.
 * Written out here rather than imported: a released migration never changes.
 */
export const words = (row: string) => `replace(${row}.type, '.', ' ')
  || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_tree(${row}.payload)
    WHERE type IN ('text', 'integer', 'real')), '')
  || ' ' || coalesce((SELECT json_extract(o.payload, '$.number') FROM activity o
    WHERE o.source = ${row}.source AND o.type IN ('order.created', 'order.updated')
      AND json_extract(o.payload, '$.id') = json_extract(${row}.payload, '$.orderId')
    ORDER BY o.occurred_at DESC LIMIT 1), '')`;

/**
 * Activity search: a full-text index of the events' words, so an order
 * number, a customer, a tracking number or an EAN finds its events among
 * any number of them. Contentless (the words are not kept twice); the
 * events are never rewritten, so an insert and a delete keep it in step.
 */
export const activitySearch: Migration = {
  version: 17,
  name: 'activity-search',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE activity_fts USING fts5 (
        words, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
      );
      INSERT INTO activity_fts (rowid, words) SELECT r.seq, ${words('r')} FROM activity r;
      CREATE TRIGGER activity_fts_insert AFTER INSERT ON activity BEGIN
        INSERT INTO activity_fts (rowid, words) VALUES (new.seq, ${words('new')});
      END;
      CREATE TRIGGER activity_fts_delete AFTER DELETE ON activity BEGIN
        DELETE FROM activity_fts WHERE rowid = old.seq;
      END;
    `);
  },
};
