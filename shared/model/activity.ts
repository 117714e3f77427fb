import { z } from 'zod';
import { epochMs } from './conversation.ts';

/** A catalogue-service notification as stored by the receiver. */
export const activityItem = z.object({
  id: z.string(),
  type: z.string(),
  /** ISO 8601 as the service sent it. */
  timestamp: z.string(),
  receivedAt: epochMs,
  seen: z.boolean(),
  /** The payload as the service sent it; the renderer picks out what it knows. */
  payload: z.record(z.string(), z.unknown()),
  /** For product.updated: the fields that differ from the previous event for that EAN. */
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  /** What the other events received tell about what this one refers to. */
  context: z.object({
    /** A shipment's or invoice's order number; null when no event of that order was received. */
    orderNumber: z.string().nullable(),
    /** An order's products by EAN, named as the newest product event for each said. */
    productNames: z.record(z.string(), z.string()),
    /** The currency of the amounts: the event's own, else its order's invoice's, else the newest invoice's; null when none says. */
    currency: z.string().nullable(),
  }),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const receiverStatus = z.object({
  listening: z.boolean(),
  url: z.string().nullable(),
  error: z.string().nullable(),
  certificateFingerprint: z.string().nullable(),
});
export type ReceiverStatus = z.infer<typeof receiverStatus>;
