/**
 * The catalogue service's tables in the sandbox's database, prefixed so they never meet the
 * messaging tables. Times are ISO 8601 text where they go out as such, epoch milliseconds where
 * they only schedule.
 *
 * Schema version 1 as it shipped: change it with a new step in schema/steps.ts, never here.
 * `IF NOT EXISTS` lets a file made before versioning, and found to match, be adopted.
 */
export const CATALOGUE_TABLES_V1 = `
    CREATE TABLE IF NOT EXISTS catalogue_products (
      ean TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      price TEXT NOT NULL,
      type TEXT NOT NULL,
      status TEXT NOT NULL,
      for_sale INTEGER NOT NULL,
      updated TEXT NOT NULL
    ) STRICT;

    CREATE TABLE IF NOT EXISTS catalogue_orders (
      id TEXT PRIMARY KEY,
      number TEXT NOT NULL UNIQUE,
      customer_id TEXT NOT NULL,
      status TEXT NOT NULL,
      origin TEXT NOT NULL,
      order_date TEXT NOT NULL,
      delivery_date TEXT,
      updated TEXT NOT NULL
    ) STRICT;

    CREATE TABLE IF NOT EXISTS catalogue_order_lines (
      order_id TEXT NOT NULL REFERENCES catalogue_orders (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      product_ean TEXT NOT NULL,
      quantity INTEGER NOT NULL,
      price TEXT NOT NULL,
      PRIMARY KEY (order_id, position)
    ) STRICT;

    CREATE TABLE IF NOT EXISTS catalogue_shipments (
      id TEXT PRIMARY KEY,
      order_id TEXT NOT NULL REFERENCES catalogue_orders (id) ON DELETE CASCADE,
      carrier TEXT NOT NULL,
      tracking_number TEXT NOT NULL,
      status TEXT NOT NULL,
      created TEXT NOT NULL,
      updated TEXT NOT NULL
    ) STRICT;

    CREATE TABLE IF NOT EXISTS catalogue_invoices (
      id TEXT PRIMARY KEY,
      number TEXT NOT NULL UNIQUE,
      order_id TEXT NOT NULL REFERENCES catalogue_orders (id) ON DELETE CASCADE,
      status TEXT NOT NULL,
      currency TEXT NOT NULL,
      total TEXT NOT NULL,
      issue_date TEXT NOT NULL,
      due_date TEXT NOT NULL,
      updated TEXT NOT NULL
    ) STRICT;

    CREATE TABLE IF NOT EXISTS webhook_registrations (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      owner TEXT NOT NULL,
      notification_url TEXT NOT NULL,
      events TEXT NOT NULL
    ) STRICT;
    CREATE INDEX IF NOT EXISTS webhook_registrations_by_owner ON webhook_registrations (owner, seq);

    CREATE TABLE IF NOT EXISTS webhook_notifications (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL,
      timestamp TEXT NOT NULL,
      body TEXT NOT NULL
    ) STRICT;

    CREATE TABLE IF NOT EXISTS webhook_deliveries (
      id INTEGER PRIMARY KEY,
      notification_id TEXT NOT NULL REFERENCES webhook_notifications (id),
      webhook_id TEXT NOT NULL,
      owner TEXT NOT NULL,
      notification_url TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
      next_attempt_at INTEGER
    ) STRICT;
    CREATE INDEX IF NOT EXISTS webhook_deliveries_pending
      ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
    CREATE INDEX IF NOT EXISTS webhook_deliveries_by_notification
      ON webhook_deliveries (notification_id);

    CREATE TABLE IF NOT EXISTS webhook_delivery_attempts (
      delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries (id),
      attempt INTEGER NOT NULL,
      at TEXT NOT NULL,
      status INTEGER,
      error TEXT,
      duration_ms INTEGER NOT NULL,
      retry_at INTEGER,
      PRIMARY KEY (delivery_id, attempt)
    ) STRICT;
`;
