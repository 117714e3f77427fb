import type { ActivityItem } from '../../../shared/model/activity.ts';
import type { Settings } from '../../../shared/model/settings.ts';
import type { DesktopNotification, Notifier } from '../ports/ports.ts';

const SUBJECTS: Record<string, string> = {
  product: 'Product',
  order: 'Order',
  shipment: 'Shipment',
  invoice: 'Invoice',
};
const ACTIONS = new Set(['created', 'updated', 'deleted']);
/** Payload fields that name the thing an event is about, in the order they are shown. */
const NAMING_FIELDS = ['number', 'name', 'ean', 'id', 'customerId', 'status'];
const MAX_TEXT = 160;

/**
 * Raises one desktop notification per item whose type the user left switched
 * on. Types the settings do not list (unknown to this version) are stored and
 * shown in the activity view, but never notified.
 */
export function notifyActivity(
  items: ActivityItem[],
  notifier: Notifier,
  settings: Settings,
): void {
  if (!settings.notifications) return;
  const enabled = settings.webhooks.notify as Record<string, boolean | undefined>;
  for (const item of items) {
    if (enabled[item.type] !== true) continue;
    // Clicking only brings the window forward, which the shell does itself; the
    // notification's activityId tells it which item to show.
    notifier.notify(describeActivity(item), () => {});
  }
}

/** Words for one event, taken from payload fields that may be missing or of any type. */
export function describeActivity(item: ActivityItem): DesktopNotification {
  const [subject = '', action = ''] = item.type.split('.', 2);
  const title =
    SUBJECTS[subject] && ACTIONS.has(action)
      ? `${SUBJECTS[subject]} ${action}`
      : `Catalogue event: ${item.type}`;
  const naming = NAMING_FIELDS.flatMap((field) => {
    const value = scalar(item.payload[field]);
    return value === null ? [] : [`${field} ${value}`];
  });
  const changed = item.changes.map(
    (change) => `${change.field} ${scalar(change.from) ?? '—'} → ${scalar(change.to) ?? '—'}`,
  );
  const body = [...naming.slice(0, 3), ...changed].join(' · ') || item.id;
  return { title, body: truncate(body), activityId: item.id };
}

function scalar(value: unknown): string | null {
  if (typeof value === 'string') return value.length > 0 ? truncate(value) : null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function truncate(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}
