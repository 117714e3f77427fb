import type { ApiContact, ApiConversation, ApiMessage } from '../api/messaging-api.ts';
import type { ChangeBatch } from '../events/change-batch.ts';
import type { Database } from './database.ts';
import { recomputeConversationDerived } from './conversation-derived.ts';
import { dropConversationEntries, pendingTargets } from './outbox-entries.ts';
import { upsertContacts, upsertMessages, type UpsertResult } from './message-upserts.ts';
import { statement } from './statement-cache.ts';
import { isLocalIdSql } from './local-id-sql.ts';
import { keepUnsentOf } from './kept-unsent.ts';
import { finishMessagePurges, removeConversationMessages } from './message-purge.ts';
import { insertRows } from './multi-row-insert.ts';
import { noteConversationRemoved } from './stored-conversations.ts';

/**
 * Row-level writes of server records into the local database. Each returns
 * whether the stored row changed, so a round reports only real changes.
 * Messages and contacts are stored a page at a time (message-upserts.ts).
 */

/**
 * A conversation seen for the first time starts read up to when the user last
 * opened it (on any device), so a first sync does not show a whole history as
 * unread. Only then: later `last_opened_at` values also move whenever a client
 * lists the conversation's messages, this one's sync included.
 *
 * `keepLocalState`: the user changed pin, mute, archive or the pinned message
 * and the server has not confirmed it yet, so those columns stay as they are.
 */
export function upsertConversation(
  db: Database,
  conversation: ApiConversation,
  keepLocalState: boolean,
): UpsertResult {
  return upsertConversations(db, [conversation], keepLocalState ? [conversation.id] : [])[0]!;
}

/**
 * Conversations, as `upsertConversation` stores one, a page in a few
 * statements: those not stored yet go in together, each with the place in
 * the list its own times give it (it has no messages yet). Says for each
 * whether it was new, changed or already stored as it is. A first sync of
 * 10,000 conversations stored them one by one, each looked up twice and
 * then moved in five indexes by its derived columns: a third of a second
 * before anything else could be fetched.
 */
export function upsertConversations(
  db: Database,
  conversations: readonly ApiConversation[],
  keepLocalState: Iterable<string>,
): UpsertResult[] {
  if (conversations.length === 0) return [];
  const guarded = new Set(keepLocalState);
  const stored = new Map(
    (
      statement(
        db,
        'SELECT id, raw FROM conversations WHERE id IN (SELECT value FROM json_each(?))',
      ).all(JSON.stringify(conversations.map((c) => c.id))) as { id: string; raw: string }[]
    ).map((row) => [row.id, row.raw]),
  );
  /** New rows by id: one listed twice goes in as last listed. */
  const fresh = new Map<string, unknown[]>();
  const results = conversations.map((conversation): UpsertResult => {
    const raw = JSON.stringify(conversation.raw);
    const existing = stored.get(conversation.id);
    if (existing === raw) return 'unchanged';
    stored.set(conversation.id, raw);
    if (existing === undefined || fresh.has(conversation.id)) {
      fresh.set(conversation.id, conversationRow(conversation, raw));
      return existing === undefined ? 'inserted' : 'updated';
    }
    updateConversation(db, conversation, raw, guarded.has(conversation.id));
    return 'updated';
  });
  if (fresh.size > 0) {
    finishMessagePurges(db, [...fresh.keys()]);
    insertRows(
      db,
      `INSERT INTO conversations (id, contact_id, group_id, pinned_message_id, is_pinned,
         is_muted, is_archived, archived_at, last_active_at, last_opened_at, created_at, sort_at,
         read_up_to, raw)`,
      '',
      [...fresh.values()],
    );
  }
  return results;
}

/** A new conversation's columns, in the order of the insert above. */
function conversationRow(conversation: ApiConversation, raw: string): unknown[] {
  return [
    conversation.id,
    conversation.contactId,
    conversation.groupId,
    conversation.pinnedMessageId,
    conversation.isPinned ? 1 : 0,
    conversation.isMuted ? 1 : 0,
    conversation.archivedAt === null ? 0 : 1,
    conversation.archivedAt,
    conversation.lastActiveAt,
    conversation.lastOpenedAt,
    conversation.createdAt,
    // What recomputing its derived columns gives a conversation without messages.
    Math.max(conversation.createdAt, conversation.lastActiveAt ?? 0),
    conversation.lastOpenedAt ?? 0,
    raw,
  ];
}

function updateConversation(
  db: Database,
  conversation: ApiConversation,
  raw: string,
  keepLocalState: boolean,
): void {
  const params = {
    $id: conversation.id,
    $contact: conversation.contactId,
    $group: conversation.groupId,
    $pinnedMessage: conversation.pinnedMessageId,
    $pinned: conversation.isPinned ? 1 : 0,
    $muted: conversation.isMuted ? 1 : 0,
    $archived: conversation.archivedAt === null ? 0 : 1,
    $archivedAt: conversation.archivedAt,
    $active: conversation.lastActiveAt,
    $opened: conversation.lastOpenedAt,
    $created: conversation.createdAt,
    $raw: raw,
  };
  const serverState = keepLocalState
    ? ''
    : `pinned_message_id = $pinnedMessage, is_pinned = $pinned, is_muted = $muted,
       muted_until = CASE WHEN $muted = 1 THEN muted_until END,
       is_archived = $archived, archived_at = $archivedAt,`;
  statement(
    db,
    `UPDATE conversations SET ${serverState}
       contact_id = $contact, group_id = $group, last_active_at = $active,
       last_opened_at = $opened, created_at = $created, raw = $raw
     WHERE id = $id`,
  ).run(keepLocalState ? stripServerState(params) : params);
}

function stripServerState<T extends Record<string, unknown>>(params: T) {
  const {
    $pinnedMessage: _a,
    $pinned: _b,
    $muted: _c,
    $archived: _d,
    $archivedAt: _e,
    ...rest
  } = params;
  return rest;
}

/** One contact (see upsertContacts). */
export function upsertContact(db: Database, contact: ApiContact, now: number): void {
  upsertContacts(db, [contact], now);
}

/** One message (see upsertMessages); `own` is decided by the caller, which knows who we are. */
export function upsertMessage(db: Database, message: ApiMessage, own: boolean): UpsertResult {
  return upsertMessages(db, [{ message, own }])[0] as UpsertResult;
}

/**
 * A message the server no longer has, found outside a fetched range: drop it,
 * unless a write to it waits in the outbox (the outbox settles that one).
 */
export function removeMessage(db: Database, id: string, batch: ChangeBatch): void {
  if (pendingTargets(db).messages.has(id)) return;
  const row = statement(db, 'DELETE FROM messages WHERE id = ? RETURNING conversation_id').get(
    id,
  ) as { conversation_id: string } | undefined;
  if (!row) return;
  statement(
    db,
    'UPDATE conversations SET pinned_message_id = NULL WHERE id = ? AND pinned_message_id = ?',
  ).run(row.conversation_id, id);
  recomputeConversationDerived(db, row.conversation_id);
  batch.removedMessage(id, row.conversation_id);
}

/**
 * A conversation the server no longer has: drop it, its messages and its
 * pending writes, keeping first what the user wrote in it and never sent.
 * Returns how many writes were dropped.
 */
export function removeConversation(db: Database, id: string, batch: ChangeBatch): number {
  keepUnsentOf(db, id);
  deleteConversationRows(db, id);
  batch.removedConversation(id);
  return dropConversationEntries(db, id);
}

/**
 * Removes a conversation with everything local that hangs off it (outbox
 * entries excepted); a long conversation's messages go a chunk per turn after
 * it (message-purge.ts).
 */
export function deleteConversationRows(db: Database, conversationId: string): void {
  removeConversationMessages(db, conversationId);
  statement(db, 'DELETE FROM drafts WHERE conversation_id = ?').run(conversationId);
  statement(db, 'DELETE FROM conversations WHERE id = ?').run(conversationId);
  noteConversationRemoved(db);
}

/**
 * The conversations most recently active. Server times may have a resolution
 * of a second, so a changed last_active_at alone can miss a message that came
 * in the same second as the one before; these are fetched every round too.
 */
export function recentlyActive(db: Database, count = 5): string[] {
  return (
    statement(
      db,
      `SELECT id FROM conversations WHERE NOT ${isLocalIdSql('id')}
         ORDER BY sort_at DESC LIMIT ?`,
    ).all(count) as { id: string }[]
  ).map((row) => row.id);
}
