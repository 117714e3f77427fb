import { z } from 'zod';
import { epochMs, id, syncState } from './conversation.ts';
import { LIMITS } from './limits.ts';

/**
 * The spec does not show the attachment object's fields, so the app keeps
 * whatever the server sent (`raw`) and derives what it can show from it.
 */
export const attachmentView = z.object({
  kind: z.enum(['image', 'file', 'unknown']),
  name: z.string(),
  url: z.string().nullable(),
  mimeType: z.string().nullable(),
  size: z.number().nonnegative().nullable(),
});
export type AttachmentView = z.infer<typeof attachmentView>;

/** An attachment as a conversation's info lists it: with the message it came in. */
export const sharedAttachment = z.object({
  messageId: id,
  /** Its place among the message's attachments. */
  index: z.number().int().nonnegative(),
  attachment: attachmentView,
  senderName: z.string(),
  own: z.boolean(),
  createdAt: epochMs,
});
export type SharedAttachment = z.infer<typeof sharedAttachment>;

/** An attachment the user adds: URL-style, the shape the sandbox documents. */
export const attachmentInput = z.object({
  name: z.string().min(1).max(LIMITS.nameLength),
  url: z.url({ protocol: /^https?$/ }).max(LIMITS.urlLength),
  mime_type: z.string().max(LIMITS.nameLength).optional(),
  size: z.number().int().nonnegative().optional(),
});
export type AttachmentInput = z.infer<typeof attachmentInput>;

export const reactionView = z.object({
  name: z.string(),
  reactors: z.array(z.string()),
  mine: z.boolean(),
});
export type ReactionView = z.infer<typeof reactionView>;

export const sender = z.object({
  id: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});

export const messageView = z.object({
  /** The server id once known; a local id (local-id.ts) while the send is pending. */
  id,
  conversationId: id,
  sender,
  own: z.boolean(),
  text: z.string(),
  reactions: z.array(reactionView),
  attachments: z.array(attachmentView),
  createdAt: epochMs,
  updatedAt: epochMs.nullable(),
  /** When the text last changed as this app saw it; reactions move updatedAt, not this. */
  editedAt: epochMs.nullable(),
  readAt: epochMs.nullable(),
  /** How far our own message got (see message-view.ts in the core); null on others'. */
  receipt: z.enum(['sent', 'delivered', 'read']).nullable(),
  state: syncState,
  /** The server's message for a failed write, for the user to retry or discard. */
  error: z.string().nullable(),
  /** The outbox entry to retry or discard when state is not synced. */
  outboxId: z.number().int().nullable(),
});
export type MessageView = z.infer<typeof messageView>;

/**
 * A message as a link to it shows it (a message's "Copy link", pasted into
 * another): who wrote it, in which conversation, and the start of its words.
 * `message` is null when the conversation is here but the message is not
 * (deleted, or older than the history on this computer).
 */
export const messageQuote = z.object({
  conversationTitle: z.string(),
  message: z
    .object({
      senderName: z.string(),
      own: z.boolean(),
      /** Its own words on one line, formatting marks and a quote left out, clipped. */
      excerpt: z.string(),
      hasAttachments: z.boolean(),
    })
    .nullable(),
});
export type MessageQuote = z.infer<typeof messageQuote>;

/** How many kept texts the app holds at most: beyond, the oldest are dropped. */
export const KEPT_UNSENT_LIMIT = 200;

/** An own message being edited in the composer, with the text as edited so far. */
export const openEdit = z.object({
  messageId: id,
  text: z.string().max(LIMITS.draftLength),
});
export type OpenEdit = z.infer<typeof openEdit>;

/** Text written in a conversation that was deleted elsewhere before it was sent. */
export const keptUnsent = z.object({
  id: z.number().int(),
  conversationTitle: z.string(),
  text: z.string(),
  keptAt: epochMs,
});
export type KeptUnsent = z.infer<typeof keptUnsent>;

export const searchHit = z.object({
  messageId: id,
  conversationId: id,
  conversationTitle: z.string(),
  senderName: z.string(),
  /** Written by the user, so shown as theirs ("You"), as everywhere else. */
  own: z.boolean(),
  /** In a group, where the sender is one of several: named, as the conversation list names them. */
  inGroup: z.boolean(),
  createdAt: epochMs,
  /** Plain text around the match; `highlights` are [start, end) offsets into it. */
  snippet: z.string(),
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type SearchHit = z.infer<typeof searchHit>;
