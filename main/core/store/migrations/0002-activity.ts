import type { Migration } from './migration.ts';

/**
 * Catalogue-service notifications as the webhook receiver stored them. The
 * notification id is the key, so a retried delivery cannot be stored twice.
 * `occurred_at` is the service's timestamp in epoch milliseconds (the arrival
 * time when the service's text does not parse): lists and product change
 * computation follow the order events happened in, not the order they arrived.
 */
export const activity: Migration = {
  version: 2,
  name: 'activity',
  up(db) {
    db.exec(`
      CREATE TABLE activity (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL,
        timestamp TEXT NOT NULL,
        occurred_at INTEGER NOT NULL,
        received_at INTEGER NOT NULL,
        seen INTEGER NOT NULL DEFAULT 0,
        product_ean TEXT,
        payload TEXT NOT NULL,
        changes TEXT NOT NULL DEFAULT '[]'
      ) STRICT;
      CREATE INDEX activity_recent ON activity (occurred_at DESC, seq DESC);
      CREATE INDEX activity_by_type ON activity (type, occurred_at DESC, seq DESC);
      CREATE INDEX activity_unseen ON activity (type) WHERE seen = 0;
      CREATE INDEX activity_by_product ON activity (product_ean, occurred_at, seq)
        WHERE product_ean IS NOT NULL;
    `);
  },
};
