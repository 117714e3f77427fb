import { z } from 'zod';
import type { OutboxKind } from '../../../shared/model/outbox.ts';

/**
 * What each outbox entry carries besides its kind, conversation and target.
 * Ids live only in `conversation_id` and `target_id`, so replacing a local id
 * with the server's never has to look inside payloads. `previous` keeps what
 * the optimistic change replaced, so discarding the entry can put it back.
 */
const reactions = z.record(z.string(), z.array(z.string()));
const messageSnapshot = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string(),
  own: z.number(),
  text: z.string(),
  reactions: z.string(),
  attachments: z.string(),
  read_at: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number().nullable(),
  /** Absent in entries queued before the app kept it. */
  edited_at: z.number().nullable().default(null),
});
export type MessageSnapshot = z.infer<typeof messageSnapshot>;

export const payloadSchemas = {
  send: z.object({
    text: z.string(),
    attachments: z.array(z.unknown()),
    /** When the first attempt started: the window in which a lost send is looked for. */
    firstAttemptAt: z.number().nullable(),
  }),
  edit: z.object({
    text: z.string(),
    previous: z.string(),
    previousUpdatedAt: z.number().nullable().default(null),
    previousEditedAt: z.number().nullable().default(null),
  }),
  react: z.object({
    reaction: z.string(),
    add: z.boolean(),
    /** Whose reaction; null means the signed-in user's name, learned by then. */
    as: z.string().nullable(),
    previous: reactions,
  }),
  attachments: z.object({ attachments: z.array(z.unknown()), previous: z.array(z.unknown()) }),
  'delete-message': z.object({
    previous: messageSnapshot,
    /** The message was its conversation's pinned one: discarding the delete pins it again. */
    wasPinned: z.boolean().default(false),
  }),
  'pin-message': z.object({ previous: z.string().nullable() }),
  pin: z.object({ pinned: z.boolean() }),
  mute: z.object({ muted: z.boolean(), previousUntil: z.number().nullable() }),
  archive: z.object({ archivedAt: z.number() }),
  unarchive: z.object({ previous: z.number().nullable() }),
  'create-conversation': z.union([
    z.object({ contactId: z.string() }).strict(),
    z.object({ groupId: z.string() }).strict(),
  ]),
  'delete-conversation': z.object({}),
} satisfies Record<OutboxKind, z.ZodType>;

export type Payload<K extends OutboxKind> = z.infer<(typeof payloadSchemas)[K]>;
