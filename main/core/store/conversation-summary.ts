import type { ConversationSummary } from '../../../shared/model/conversation.ts';
import { attachmentViews } from './attachment-views.ts';
import { previewWords } from '../../../shared/model/message-format.ts';
import { clipForDisplay, PREVIEW_LENGTH } from './display-text.ts';

/**
 * Enough of the last message to find the words after a quote (Parley quotes
 * at most 500 characters, on lines of their own), for the preview to show
 * the reply, not the words it answers.
 */
const PREVIEW_SOURCE_LENGTH = 2_000;

/**
 * The columns a ConversationSummary is built from, for `FROM conversations c`.
 * The outbox counts use its (state, conversation_id) index, the rest are
 * primary-key joins, so the cost is per row returned, not per row stored.
 */
export const SUMMARY_SELECT = `
  SELECT c.id, c.contact_id, c.group_id, c.local_name, c.pinned_message_id,
    c.is_pinned, c.is_muted, c.muted_until, c.archived_at, c.last_active_at, c.last_opened_at,
    c.created_at, c.unread_count,
    ct.username AS contact_username, ct.avatar_url AS contact_avatar_url,
    m.id AS last_id, substr(m.text, 1, ${PREVIEW_SOURCE_LENGTH}) AS last_text, m.own AS last_own, m.created_at AS last_created_at,
    m.attachments AS last_attachments, m.sender_id AS last_sender_id,
    sender.username AS last_sender_username, d.text AS draft,
    (SELECT COUNT(*) FROM outbox o
      WHERE o.state IN ('pending', 'in-flight') AND o.conversation_id = c.id) AS pending_writes,
    (SELECT COUNT(*) FROM outbox o
      WHERE o.state = 'failed' AND o.conversation_id = c.id) AS failed_writes
  FROM conversations c
  LEFT JOIN contacts ct ON ct.id = c.contact_id
  LEFT JOIN messages m ON m.id = c.last_message_id
  LEFT JOIN contacts sender ON sender.id = m.sender_id
  LEFT JOIN drafts d ON d.conversation_id = c.id`;

export interface SummaryRow {
  id: string;
  contact_id: string | null;
  group_id: string | null;
  local_name: string | null;
  pinned_message_id: string | null;
  is_pinned: number;
  is_muted: number;
  muted_until: number | null;
  archived_at: number | null;
  last_active_at: number | null;
  last_opened_at: number | null;
  created_at: number;
  unread_count: number;
  contact_username: string | null;
  contact_avatar_url: string | null;
  last_id: string | null;
  last_text: string | null;
  last_own: number | null;
  last_created_at: number | null;
  last_attachments: string | null;
  last_sender_id: string | null;
  last_sender_username: string | null;
  draft: string | null;
  pending_writes: number;
  failed_writes: number;
}

/** What the list shows: the local name, else the contact's username, else the id it has. */
export function conversationTitle(row: {
  id: string;
  local_name: string | null;
  contact_username: string | null;
  contact_id: string | null;
  group_id: string | null;
}): string {
  return row.local_name || row.contact_username || row.contact_id || row.group_id || row.id;
}

export function toConversationSummary(
  row: SummaryRow,
  selfName: string | null,
): ConversationSummary {
  return {
    id: row.id,
    contactId: row.contact_id,
    groupId: row.group_id,
    title: clipForDisplay(conversationTitle(row)),
    localName: row.local_name,
    avatarUrl: row.contact_avatar_url,
    isPinned: row.is_pinned === 1,
    isMuted: row.is_muted === 1,
    mutedUntil: row.muted_until,
    archivedAt: row.archived_at,
    pinnedMessageId: row.pinned_message_id,
    lastActiveAt: row.last_active_at,
    lastOpenedAt: row.last_opened_at,
    createdAt: row.created_at,
    lastMessage:
      row.last_id === null
        ? null
        : {
            id: row.last_id,
            text: clipForDisplay(previewWords(row.last_text ?? ''), PREVIEW_LENGTH),
            senderName: clipForDisplay(
              row.last_sender_username ??
                (row.last_own === 1 ? selfName : null) ??
                row.last_sender_id ??
                '',
            ),
            own: row.last_own === 1,
            createdAt: row.last_created_at ?? 0,
            hasAttachments: attachmentViews(row.last_attachments).length > 0,
          },
    unreadCount: row.unread_count,
    draft: row.draft,
    pendingWrites: row.pending_writes,
    failedWrites: row.failed_writes,
  };
}
