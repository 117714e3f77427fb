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
 * the order the event belongs to, else the activity view. A `backlog` (what a
 * relay kept while this computer was asleep, offline or off) is one summary
 * as soon as it holds more than one event: "7 new orders while you were away".
 */
export function notifyActivity(
  items: ActivityItem[],
  notifier: Notifier,
  settings: Settings,
  now: number,
  open: (target: NavigationTarget) => void,
  { backlog = false }: { backlog?: boolean } = {},
): void {
  if (!settings.notifications || isPaused(settings.desktop.notificationsPausedUntil, now)) return;
  const enabled = settings.webhooks.notify as Record<string, boolean | undefined>;
  const notifiable = items.filter((item) => enabled[item.type] === true);
  if (notifiable.length > (backlog ? 1 : MAX_SEPARATE_NOTIFICATIONS)) {
    const summary = backlog ? summarizeBacklog(notifiable) : summarize(notifiable);
    notifier.notify(summary, { click: () => open({ kind: 'activity' }) });
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
  return {
    title: `${items.length} catalogue events`,
    body: countsByTitle(items),
    tag: 'activity-summary',
  };
}

/** New orders are what a shop owner looks for first; the other events are counted below them. */
function summarizeBacklog(items: ActivityItem[]): DesktopNotification {
  const orders = items.filter((item) => item.type === 'order.created').length;
  const title =
    orders > 0
      ? `${orders} new ${orders === 1 ? 'order' : 'orders'} while you were away`
      : `${items.length} catalogue events while you were away`;
  return { title, body: countsByTitle(items), tag: 'activity-summary' };
}

/** "Order created: 7 · Shipment updated: 2", in the order the kinds first appear. */
function countsByTitle(items: ActivityItem[]): string {
  const counts = new Map<string, number>();
  for (const item of items) {
    const { title } = describeActivity(item);
    counts.set(title, (counts.get(title) ?? 0) + 1);
  }
  return truncate([...counts].map(([title, count]) => `${title}: ${count}`).join(' · '));
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
