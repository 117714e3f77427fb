import type { ActivityItem } from '../../../shared/model/activity.ts';

const TITLES: Record<string, string> = {
  'product.created': 'Product created',
  'product.updated': 'Product updated',
  'product.deleted': 'Product deleted',
  'order.created': 'New order',
  'order.updated': 'Order updated',
  'shipment.created': 'Shipment created',
  'shipment.updated': 'Shipment updated',
  'invoice.created': 'Invoice created',
  'invoice.updated': 'Invoice updated',
};

export function activityTitle(type: string): string {
  return TITLES[type] ?? `Other event (${type})`;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * What the event is about, in a few words: the order number, the product's
 * name, the order a shipment or invoice is for. It names the card for screen
 * readers, so nine cards of the same type are still told apart.
 */
export function activitySubject(item: ActivityItem): string | null {
  const p = item.payload;
  switch (item.type.split('.', 1)[0]) {
    case 'product':
      return text(p.name) ?? (text(p.ean) && `EAN ${text(p.ean)}`);
    case 'order':
      return text(p.number) ?? text(p.id);
    case 'shipment': {
      const parcel = [text(p.carrier), text(p.trackingNumber)].filter(Boolean).join(' ');
      const order = item.context.orderNumber;
      return (order && parcel ? `${order}, ${parcel}` : order || parcel) || text(p.id);
    }
    case 'invoice': {
      const invoice = text(p.number) ?? text(p.id);
      const order = item.context.orderNumber;
      return invoice && order ? `${invoice} for ${order}` : (invoice ?? order);
    }
    default:
      return text(p.id) ?? text(p.name);
  }
}

export function activityLabel(item: ActivityItem): string {
  const subject = activitySubject(item);
  return subject ? `${activityTitle(item.type)}: ${subject}` : activityTitle(item.type);
}
