import type { ActivityItem } from '../../../shared/model/activity.ts';
import type { SQLInputValue } from 'node:sqlite';
import { transaction, type Database } from '../store/database.ts';
import { longEnoughForPrefix, matchExpression, quotedTerms } from '../store/fts-query.ts';
import { statement } from '../store/statement-cache.ts';
import type { Envelope } from '../../webhook-protocol/envelope.ts';
import { createActivityContext } from './activity-context.ts';
import { productChanges, type FieldChange } from './product-changes.ts';

/**
 * Which receiver stored an event: the user's catalogue service, or the demo
 * workspace's embedded one. The view lists both; only the demo's is ever
 * deleted (when the demo is reset).
 */
export type ActivitySource = 'catalogue' | 'demo';

export interface ActivityQuery {
  /** Only these event types; all types when absent. */
  types?: string[];
  /** Only the events of one order: the order's own, and its shipments' and invoices'. */
  orderId?: string;
  /** Only the events with every one of these words (the last may be unfinished), as typed. */
  search?: string;
  offset: number;
  limit: number;
}

export interface ActivityPage {
  /** Newest first, by when the event happened. */
  items: ActivityItem[];
  /** How many match the query, and how many of those are unseen. */
  total: number;
  unseen: number;
}

export interface ActivityLog {
  /**
   * Stores a notification unless its id is already stored (then null: a
   * retried delivery). Returns the stored item first, followed by any later
   * product.updated whose changes had to be recomputed because this event
   * arrived after it but happened before it. Products are compared only with
   * events of the same source.
   */
  record(envelope: Envelope, receivedAt: number, source?: ActivitySource): ActivityItem[] | null;
  /**
   * Stores several notifications in one transaction (one commit for a burst of
   * deliveries), each on its own savepoint: one that fails gets its Error in
   * the results and the others are kept. Throws, storing none, if the commit fails.
   */
  recordAll(
    envelopes: Envelope[],
    receivedAt: number,
    source?: ActivitySource,
  ): (ActivityItem[] | null | Error)[];
  list(query: ActivityQuery): ActivityPage;
  /** Returns how many items went from unseen to seen. */
  markSeen(ids: string[]): number;
  /** How many events of that source are stored. */
  count(source: ActivitySource): number;
  /** Deletes every event of that source; returns how many. */
  clear(source: ActivitySource): number;
}

/** Product events that carry the complete product, so later updates can be compared with them. */
const PRODUCT_SNAPSHOT_TYPES = new Set(['product.created', 'product.updated']);

interface ActivityRow {
  seq: number;
  id: string;
  type: string;
  timestamp: string;
  occurred_at: number;
  received_at: number;
  seen: number;
  product_ean: string | null;
  payload: string;
  changes: string;
  source: ActivitySource;
}

export function createActivityLog(db: Database): ActivityLog {
  const insert = db.prepare(`
    INSERT INTO activity
      (id, type, timestamp, occurred_at, received_at, product_ean, payload, source)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO NOTHING
    RETURNING *`);
  const previousSnapshot = db.prepare(`
    SELECT * FROM activity
    WHERE product_ean = ? AND (occurred_at, seq) < (?, ?) AND source = ?
    ORDER BY occurred_at DESC, seq DESC LIMIT 1`);
  const nextSnapshot = db.prepare(`
    SELECT * FROM activity
    WHERE product_ean = ? AND (occurred_at, seq) > (?, ?) AND source = ?
    ORDER BY occurred_at, seq LIMIT 1`);
  const setChanges = db.prepare('UPDATE activity SET changes = ? WHERE seq = ?');
  const countOfSource = db.prepare('SELECT count(*) AS n FROM activity WHERE source = ?');
  const deleteOfSource = db.prepare('DELETE FROM activity WHERE source = ?');
  const markSeen = db.prepare(
    'UPDATE activity SET seen = 1 WHERE seen = 0 AND id IN (SELECT value FROM json_each(?))',
  );
  const contexts = createActivityContext(db);

  /** Items as the view shows them, each with what the other events say about its references. */
  function toItems(rows: ActivityRow[]): ActivityItem[] {
    const items = rows.map(toItem);
    const found = contexts(
      rows.map((row, index) => ({ ...row, payload: items[index]?.payload ?? {} })),
    );
    return items.map((item, index) => ({
      ...item,
      context: found[index] as ActivityItem['context'],
    }));
  }

  /** Compares a product.updated row with the snapshot before it; returns the row with its changes. */
  function withChanges(row: ActivityRow, previous: ActivityRow | undefined): ActivityRow {
    const changes: FieldChange[] = previous
      ? productChanges(JSON.parse(previous.payload), JSON.parse(row.payload))
      : [];
    const text = JSON.stringify(changes);
    setChanges.run(text, row.seq);
    return { ...row, changes: text };
  }

  function insertOne(
    envelope: Envelope,
    receivedAt: number,
    source: ActivitySource,
  ): ActivityItem[] | null {
    const occurredAt = Date.parse(envelope.timestamp);
    const ean = envelope.payload.ean;
    const productEan =
      PRODUCT_SNAPSHOT_TYPES.has(envelope.type) && typeof ean === 'string' ? ean : null;
    const row = insert.get(
      envelope.id,
      envelope.type,
      envelope.timestamp,
      Number.isFinite(occurredAt) ? occurredAt : receivedAt,
      receivedAt,
      productEan,
      JSON.stringify(envelope.payload),
      source,
    ) as ActivityRow | undefined;
    if (!row) return null;
    if (productEan === null) return toItems([row]);

    const position = [productEan, row.occurred_at, row.seq, source] as const;
    const stored =
      row.type === 'product.updated'
        ? withChanges(row, previousSnapshot.get(...position) as ActivityRow | undefined)
        : row;
    const next = nextSnapshot.get(...position) as ActivityRow | undefined;
    if (next?.type !== 'product.updated') return toItems([stored]);
    return toItems([stored, withChanges(next, row)]);
  }

  function recordAll(
    envelopes: Envelope[],
    receivedAt: number,
    source: ActivitySource = 'catalogue',
  ) {
    return transaction(db, () =>
      envelopes.map((envelope) => {
        db.exec('SAVEPOINT delivery');
        try {
          const stored = insertOne(envelope, receivedAt, source);
          db.exec('RELEASE delivery');
          return stored;
        } catch (error) {
          db.exec('ROLLBACK TO delivery');
          db.exec('RELEASE delivery');
          return error instanceof Error ? error : new Error(String(error));
        }
      }),
    );
  }

  return {
    record(envelope, receivedAt, source) {
      const [result] = recordAll([envelope], receivedAt, source);
      if (result instanceof Error) throw result;
      return result ?? null;
    },

    recordAll,

    list({ types, orderId, search, offset, limit }) {
      const filter = activityFilter(types, orderId, search);
      if (filter === null) return { items: [], total: 0, unseen: 0 };
      const rows = statement(
        db,
        `SELECT * FROM activity ${filter.where}
         ORDER BY occurred_at DESC, seq DESC LIMIT $limit OFFSET $offset`,
      ).all({ ...filter.params, $limit: limit, $offset: offset }) as unknown as ActivityRow[];
      const counts = statement(
        db,
        `SELECT count(*) AS total, coalesce(sum(seen = 0), 0) AS unseen FROM activity ${filter.where}`,
      ).get(filter.params) as { total: number; unseen: number };
      return { items: toItems(rows), total: counts.total, unseen: counts.unseen };
    },

    markSeen(ids) {
      if (ids.length === 0) return 0;
      return transaction(db, () => Number(markSeen.run(JSON.stringify(ids)).changes));
    },

    count(source) {
      return Number((countOfSource.get(source) as { n: number }).n);
    },

    clear(source) {
      return Number(deleteOfSource.run(source).changes);
    },
  };
}

/**
 * The WHERE clause and its parameters for a query's filters, all of which
 * must hold; null when the search has no word to look for (it finds nothing).
 * An order's events are looked up when a link or a notification asks for
 * them, rarely enough that walking the recency index beats keeping one more
 * index up to date.
 */
function activityFilter(
  types: string[] | undefined,
  orderId: string | undefined,
  search: string | undefined,
): { where: string; params: Record<string, SQLInputValue> } | null {
  const conditions: string[] = [];
  const params: Record<string, SQLInputValue> = {};
  if (types !== undefined) {
    conditions.push('type IN (SELECT value FROM json_each($types))');
    params.$types = JSON.stringify(types);
  }
  if (orderId !== undefined) {
    conditions.push(`((type LIKE 'order.%' AND json_extract(payload, '$.id') = $order)
      OR json_extract(payload, '$.orderId') = $order)`);
    params.$order = orderId;
  }
  if (search !== undefined) {
    const terms = quotedTerms(search);
    if (terms === null) return null;
    conditions.push('seq IN (SELECT rowid FROM activity_fts WHERE activity_fts MATCH $words)');
    params.$words = matchExpression(terms, longEnoughForPrefix(terms.at(-1) as string));
  }
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

function toItem(row: ActivityRow): Omit<ActivityItem, 'context'> {
  return {
    id: row.id,
    type: row.type,
    timestamp: row.timestamp,
    receivedAt: row.received_at,
    seen: row.seen === 1,
    payload: JSON.parse(row.payload),
    changes: JSON.parse(row.changes),
  };
}
