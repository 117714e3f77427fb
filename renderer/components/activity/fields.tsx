import type { ReactNode } from 'react';

const LABELS: Record<string, string> = {
  ean: 'EAN',
  name: 'Name',
  price: 'Price',
  type: 'Type',
  status: 'Status',
  forSale: 'For sale',
  updated: 'Updated',
  number: 'Number',
  customerId: 'Customer',
  origin: 'Origin',
  orderDate: 'Ordered',
  deliveryDate: 'Delivery date',
  orderId: 'Order',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  created: 'Created',
  currency: 'Currency',
  total: 'Total',
  issueDate: 'Issued',
  dueDate: 'Due',
  productEan: 'EAN',
};

/** Status codes as words: `out_for_delivery` reads "out for delivery". */
const CODE_FIELDS = new Set(['status', 'type', 'origin']);
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const MAX_TEXT = 120;

export function fieldLabel(key: string): string {
  return LABELS[key] ?? key;
}

/** Whatever the service sent, as short text for a person; never markup. */
export function fieldValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const ms = TIMESTAMP.test(value) ? Date.parse(value) : NaN;
    if (Number.isFinite(ms)) return dateTime.format(ms);
    const day = DATE.exec(value);
    // A calendar date has no time zone: shown as that day wherever the user is.
    if (day) return dateOnly.format(new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    const shown = CODE_FIELDS.has(key) ? value.replaceAll('_', ' ') : value;
    return shown.length > MAX_TEXT ? `${shown.slice(0, MAX_TEXT - 1)}…` : shown;
  }
  const json = JSON.stringify(value) ?? String(value);
  return json.length > MAX_TEXT ? `${json.slice(0, MAX_TEXT - 1)}…` : json;
}

/**
 * The payload's fields, those named or (for unknown events) the first few
 * present; `shown` gives some of them a richer form (an amount with its
 * currency, a status badge, an order by its number).
 */
export function Fields({
  payload,
  keys,
  shown = {},
}: {
  payload: Record<string, unknown>;
  keys?: string[];
  shown?: Partial<Record<string, ReactNode>>;
}) {
  const entries = (keys ?? Object.keys(payload))
    .filter((key) => Object.hasOwn(payload, key))
    .slice(0, 8);
  if (entries.length === 0) return null;
  return (
    <dl className="fields">
      {entries.map((key) => (
        <div key={key}>
          <dt>{fieldLabel(key)}</dt>
          <dd>{Object.hasOwn(shown, key) ? shown[key] : fieldValue(key, payload[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
