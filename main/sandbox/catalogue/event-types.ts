/**
 * The nine event types of the catalogue-and-order service, in the spec's order.
 * The app's own list (shared/model/settings.ts) is kept apart on purpose: the
 * sandbox implements the spec independently, so a slip in the client's copy
 * cannot hide behind the sandbox.
 */
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
