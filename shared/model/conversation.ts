import { z } from 'zod';
import { LIMITS } from './limits.ts';

export const id = z.string().min(1).max(LIMITS.idLength);

/** Milliseconds since the Unix epoch: the one unit the app stores and shows. */
export const epochMs = z.number().int().nonnegative();

export const conversationFilter = z.enum(['all', 'unread', 'pinned', 'muted', 'archived']);
export type ConversationFilter = z.infer<typeof conversationFilter>;

export const syncState = z.enum(['synced', 'pending', 'failed']);
export type SyncState = z.infer<typeof syncState>;

export const lastMessagePreview = z.object({
  id,
  text: z.string(),
  senderName: z.string(),
  own: z.boolean(),
  createdAt: epochMs,
  hasAttachments: z.boolean(),
});

export const conversationSummary = z.object({
  id,
  contactId: id.nullable(),
  groupId: id.nullable(),
  /** What the list shows: the local name, else the contact's username, else the id. */
  title: z.string(),
  localName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isPinned: z.boolean(),
  isMuted: z.boolean(),
  /** Local only: when a timed mute ends; null for "always" or not muted. */
  mutedUntil: epochMs.nullable(),
  archivedAt: epochMs.nullable(),
  pinnedMessageId: id.nullable(),
  lastActiveAt: epochMs.nullable(),
  lastOpenedAt: epochMs.nullable(),
  createdAt: epochMs,
  lastMessage: lastMessagePreview.nullable(),
  unreadCount: z.number().int().nonnegative(),
  /** What the composer holds unsent, shown in the list as "Draft: …". */
  draft: z.string().nullable(),
  /** Outbox writes touching this conversation that the server has not confirmed. */
  pendingWrites: z.number().int().nonnegative(),
  failedWrites: z.number().int().nonnegative(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationCounts = z.object({
  all: z.number().int().nonnegative(),
  /** Conversations outside the archive with something unread, muted ones too. */
  unread: z.number().int().nonnegative(),
  pinned: z.number().int().nonnegative(),
  muted: z.number().int().nonnegative(),
  archived: z.number().int().nonnegative(),
  archivedUnread: z.number().int().nonnegative(),
  unreadTotal: z.number().int().nonnegative(),
  groups: z.array(
    z.object({
      groupId: id,
      title: z.string(),
      unread: z.number().int().nonnegative(),
      /** Every conversation of the group is archived. */
      archived: z.boolean(),
    }),
  ),
});
export type ConversationCounts = z.infer<typeof conversationCounts>;

/** What a conversation's info shows beside its media: who it is with, as this app has seen them. */
export const conversationInfo = z.object({
  /** The other person of a conversation with a contact, as their messages last described them. */
  contact: z
    .object({
      id,
      username: z.string().nullable(),
      phoneNumber: z.string().nullable(),
    })
    .nullable(),
  /** Those who wrote lately (among the newest messages), the most recent first; the user left out. */
  people: z.array(z.object({ id, username: z.string(), avatarUrl: z.string().nullable() })),
});
export type ConversationInfo = z.infer<typeof conversationInfo>;

export const contactSuggestion = z.object({
  id,
  username: z.string(),
  avatarUrl: z.string().nullable(),
  conversationId: id.nullable(),
});
export type ContactSuggestion = z.infer<typeof contactSuggestion>;
