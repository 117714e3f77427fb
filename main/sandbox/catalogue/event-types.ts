/** The nine event types of the catalogue-and-order service, in the spec's order. */
export const EVENT_TYPES = [
  'product.created',
  'product.updated',
  'product.deleted',
  'order.created',
  'order.updated',
  'shipment.created',
  'shipment.updated',
  'invoice.created',
  'invoice.updated',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
