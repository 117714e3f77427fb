import { z } from 'zod';
import { epochMs, id } from './conversation.ts';

export const OUTBOX_KINDS = [
  'send',
  'edit',
  'react',
  'attachments',
  'delete-message',
  'pin-message',
  'pin',
  'mute',
  'archive',
  'unarchive',
  'create-conversation',
  'delete-conversation',
] as const;
export const outboxKind = z.enum(OUTBOX_KINDS);
export type OutboxKind = z.infer<typeof outboxKind>;

export const outboxEntryView = z.object({
  id: z.number().int(),
  kind: outboxKind,
  conversationId: id.nullable(),
  messageId: id.nullable(),
  state: z.enum(['pending', 'in-flight', 'failed']),
  attempts: z.number().int().nonnegative(),
  error: z.string().nullable(),
  createdAt: epochMs,
  nextAttemptAt: epochMs.nullable(),
  /** One line for the user: what this write does. */
  summary: z.string(),
});
export type OutboxEntryView = z.infer<typeof outboxEntryView>;
