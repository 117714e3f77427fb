import type { ActivityItem } from '../../../shared/model/activity.ts';
import { navigationTarget, type NavigationTarget } from '../../../shared/model/desktop.ts';
import { isPaused } from '../../../shared/model/notification-pause.ts';
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
/** More events than this in one batch get one summary notification instead of one each. */
const MAX_SEPARATE_NOTIFICATIONS = 3;

/**
 * Raises a desktop notification per item whose type the user left switched
 * on, or one summary when a batch holds many; nothing while notifications are
 * off or paused. Types the settings do not list (unknown to this version) are
 * stored and shown in the activity view, but never notified. A click opens
 * the order the event belongs to, else the activity view.
 */
export function notifyActivity(
  items: ActivityItem[],
  notifier: Notifier,
  settings: Settings,
  now: number,
  open: (target: NavigationTarget) => void,
): void {
  if (!settings.notifications || isPaused(settings.desktop.notificationsPausedUntil, now)) return;
  const enabled = settings.webhooks.notify as Record<string, boolean | undefined>;
  const notifiable = items.filter((item) => enabled[item.type] === true);
  if (notifiable.length > MAX_SEPARATE_NOTIFICATIONS) {
    notifier.notify(summarize(notifiable), { click: () => open({ kind: 'activity' }) });
    return;
  }
  for (const item of notifiable) {
    const target = activityTarget(item);
    notifier.notify(describeActivity(item), { click: () => open(target) });
  }
}

/** The order an event is about: its own id for orders, `orderId` for shipments and invoices. */
export function activityTarget(item: ActivityItem): NavigationTarget {
  const [subject] = item.type.split('.', 1);
  const orderId =
    subject === 'order'
      ? item.payload.id
      : subject === 'shipment' || subject === 'invoice'
        ? item.payload.orderId
        : undefined;
  const parsed = navigationTarget.safeParse({ kind: 'order', orderId });
  return parsed.success ? parsed.data : { kind: 'activity' };
}

function summarize(items: ActivityItem[]): DesktopNotification {
  const counts = new Map<string, number>();
  for (const item of items) {
    const { title } = describeActivity(item);
    counts.set(title, (counts.get(title) ?? 0) + 1);
  }
  const body = [...counts].map(([title, count]) => `${title}: ${count}`).join(' · ');
  return {
    title: `${items.length} catalogue events`,
    body: truncate(body),
    tag: 'activity-summary',
  };
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
  return { title, body: truncate(body), tag: `activity:${item.id}` };
}

function scalar(value: unknown): string | null {
  if (typeof value === 'string') return value.length > 0 ? truncate(value) : null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function truncate(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}
