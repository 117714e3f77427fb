import type { ConversationInfo } from '../../../shared/model/conversation.ts';
import type { SharedAttachment } from '../../../shared/model/message.ts';
import { CoreError } from '../errors/core-error.ts';
import { attachmentViews } from './attachment-views.ts';
import type { Database } from './database.ts';
import { clipForDisplay } from './display-text.ts';
import { findMessagePosition } from './message-position.ts';
import { PARTICIPANTS_SQL } from './contact-queries.ts';
import { readSelf, UNKNOWN_SELF } from './self-identity.ts';
import { statement } from './statement-cache.ts';

const WITH_ATTACHMENTS = `SELECT m.id, m.attachments, m.own, m.created_at AS createdAt,
    COALESCE(ct.username, m.sender_id) AS senderName
  FROM messages m INDEXED BY messages_with_attachments
  LEFT JOIN contacts ct ON ct.id = m.sender_id
  WHERE m.conversation_id = $conversation AND m.attachments != '[]'`;
const NEWEST_WITH_ATTACHMENTS = `${WITH_ATTACHMENTS}
  ORDER BY m.created_at DESC, m.id DESC LIMIT $limit`;
const OLDER_WITH_ATTACHMENTS = `${WITH_ATTACHMENTS} AND (m.created_at, m.id) < ($createdAt, $id)
  ORDER BY m.created_at DESC, m.id DESC LIMIT $limit`;
const NEWER_WITH_ATTACHMENTS = `${WITH_ATTACHMENTS} AND (m.created_at, m.id) > ($createdAt, $id)
  ORDER BY m.created_at ASC, m.id ASC LIMIT $limit`;

/** Those who wrote lately that a conversation's info lists, at most. */
const PEOPLE_LISTED = 50;

/**
 * Who a conversation is with: its contact as their messages last described
 * them (the API has no contact lookup), and those who wrote among its
 * newest messages, the most recent first. Throws not-found for a
 * conversation not stored.
 */
export function conversationInfo(db: Database, conversationId: string): ConversationInfo {
  // One read: the contact's row may be missing (no message of theirs stored yet).
  const conversation = statement(
    db,
    `SELECT c.contact_id AS id, ct.username, ct.phone_number AS phoneNumber
     FROM conversations c LEFT JOIN contacts ct ON ct.id = c.contact_id WHERE c.id = ?`,
  ).get(conversationId) as
    { id: string | null; username: string | null; phoneNumber: string | null } | undefined;
  if (!conversation) throw new CoreError('not-found', 'That conversation was not found');
  const { id, username, phoneNumber } = conversation;
  const people = statement(
    db,
    `SELECT p.sender_id AS id, COALESCE(ct.username, p.sender_id) AS username,
       ct.avatar_url AS avatarUrl
     FROM (${PARTICIPANTS_SQL}) p
     LEFT JOIN contacts ct ON ct.id = p.sender_id
     WHERE p.sender_id IS NOT $self AND p.sender_id != $unknownSelf
     ORDER BY p.wrote_at DESC LIMIT ${PEOPLE_LISTED}`,
  ).all({
    $conversation: conversationId,
    $self: readSelf(db)?.contactId ?? null,
    // The user's own messages, stored before sync learned who the user is.
    $unknownSelf: UNKNOWN_SELF,
  }) as {
    id: string;
    username: string;
    avatarUrl: string | null;
  }[];
  return {
    contact:
      id === null
        ? null
        : { id, username: username === null ? null : clipForDisplay(username), phoneNumber },
    people: people.map((person) => ({ ...person, username: clipForDisplay(person.username) })),
  };
}

/**
 * A conversation's attachments, newest first: those of the `limit` messages
 * with any, the newest, or just older than `before`, or just newer than
 * `after`. By the index of messages with attachments, so a page costs the
 * same however long the conversation.
 */
export function sharedAttachments(
  db: Database,
  query: {
    conversationId: string;
    before?: string | undefined;
    after?: string | undefined;
    limit: number;
  },
): { items: SharedAttachment[]; nextBefore: string | null; nextAfter: string | null } {
  const from = query.before ?? query.after;
  const at = from === undefined ? null : findMessagePosition(db, query.conversationId, from);
  if (from !== undefined && at === null) {
    throw new CoreError('not-found', 'That message is not in this conversation');
  }
  const newer = query.after !== undefined;
  const sql =
    at === null ? NEWEST_WITH_ATTACHMENTS : newer ? NEWER_WITH_ATTACHMENTS : OLDER_WITH_ATTACHMENTS;
  const rows = statement(db, sql).all({
    $conversation: query.conversationId,
    ...(at !== null && { $createdAt: at.createdAt, $id: at.id }),
    $limit: query.limit + 1,
  }) as { id: string; attachments: string; own: number; createdAt: number; senderName: string }[];
  // Read nearest first either way; the page the farthest of them ends is where the next begins.
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit ? (page.at(-1)?.id ?? null) : null;
  return {
    items: (newer ? [...page].reverse() : page).flatMap((row) =>
      attachmentViews(row.attachments).map((attachment, index) => ({
        messageId: row.id,
        index,
        attachment,
        senderName: clipForDisplay(row.senderName),
        own: row.own === 1,
        createdAt: row.createdAt,
      })),
    ),
    nextBefore: newer ? null : more,
    nextAfter: newer ? more : null,
  };
}
