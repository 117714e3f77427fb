import type { ActivityItem } from '../../../shared/model/activity.ts';
import type { Database } from '../store/database.ts';

/** What `activityContext` reads of a stored event. */
export interface ContextSource {
  type: string;
  source: string;
  payload: Record<string, unknown>;
}

const CURRENCY = /^[A-Z]{3}$/;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * Works out what an event refers to from the other events of the same source:
 * the service names a shipment's or invoice's order by its internal id, an
 * order's products by EAN, and gives a currency only on invoices. The newest
 * event that says wins. Each lookup is an index seek (migration 0006, the
 * product and type indexes), so a page of 50 costs a few hundred at most.
 */
export function createActivityContext(db: Database) {
  /** The newest text `field` of the `types` events of a source whose `key` field has a value. */
  const newestWhere = (field: string, key: string, types: string) =>
    db.prepare(`
      SELECT json_extract(payload, '$.${field}') AS value FROM activity
      WHERE source = ? AND json_extract(payload, '$.${key}') = ? AND type IN (${types})
        AND json_type(payload, '$.${field}') = 'text'
      ORDER BY occurred_at DESC LIMIT 1`);
  const orderNumber = newestWhere('number', 'id', "'order.created', 'order.updated'");
  const orderCurrency = newestWhere('currency', 'orderId', "'invoice.created', 'invoice.updated'");
  const productName = db.prepare(`
    SELECT json_extract(payload, '$.name') AS value FROM activity
    WHERE product_ean = ? AND source = ? AND json_type(payload, '$.name') = 'text'
    ORDER BY occurred_at DESC, seq DESC LIMIT 1`);
  // One walk down the type index per invoice type, rather than a sort of every invoice.
  const newestOfType = (type: string) => `
    SELECT * FROM (
      SELECT json_extract(payload, '$.currency') AS value, occurred_at FROM activity
      WHERE type = '${type}' AND source = $source AND json_type(payload, '$.currency') = 'text'
      ORDER BY occurred_at DESC LIMIT 1)`;
  const newestCurrency = db.prepare(`
    SELECT value FROM (${newestOfType('invoice.created')} UNION ALL ${newestOfType('invoice.updated')})
    ORDER BY occurred_at DESC LIMIT 1`);

  const value = (statement: ReturnType<Database['prepare']>, ...params: unknown[]) =>
    text((statement.get(...(params as string[])) as { value: unknown } | undefined)?.value);
  const currencyCode = (found: string | null) =>
    found !== null && CURRENCY.test(found.toUpperCase()) ? found.toUpperCase() : null;

  /** The contexts of a page of events; the newest invoice currency is looked up once per source. */
  return function activityContexts(events: ContextSource[]): ActivityItem['context'][] {
    const newest = new Map<string, string | null>();
    const shopCurrency = (source: string) => {
      if (!newest.has(source)) newest.set(source, value(newestCurrency, { source }));
      return newest.get(source) ?? null;
    };
    const currency = ({ type, source, payload }: ContextSource) => {
      const orderId = type.startsWith('order.') ? text(payload.id) : null;
      return (
        currencyCode(text(payload.currency)) ??
        currencyCode(orderId === null ? null : value(orderCurrency, source, orderId)) ??
        currencyCode(shopCurrency(source))
      );
    };
    return events.map((event) => contextOf(event, currency(event)));
  };

  function contextOf(event: ContextSource, currency: string | null): ActivityItem['context'] {
    const { type, source, payload } = event;
    const orderId = type.startsWith('order.') ? null : text(payload.orderId);
    const eans = type.startsWith('order.') && Array.isArray(payload.lines) ? payload.lines : [];
    const productNames: Record<string, string> = {};
    for (const line of eans) {
      const ean = text((line as { productEan?: unknown } | null)?.productEan);
      const name = ean === null ? null : value(productName, ean, source);
      if (ean !== null && name !== null) productNames[ean] = name;
    }
    return {
      orderNumber: orderId === null ? null : value(orderNumber, source, orderId),
      productNames,
      currency,
    };
  }
}
