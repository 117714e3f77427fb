import type { Database } from './database.ts';
import { statement } from './statement-cache.ts';

/**
 * Recomputes the columns of conversations that are derived from their
 * messages and read marker: `last_message_id`, `sort_at` and `unread_count`.
 * Every writer calls this for the conversations it touched, in the same
 * transaction.
 *
 * - sort_at: the newest of created_at, last_active_at and the newest message.
 * - unread_count: messages not from us created after the local read marker.
 *
 * Only a value that changed is written: five indexes hold sort_at, and a sync
 * storing older history touches many conversations without moving any of
 * them. A page's conversations are recomputed together, in two statements.
 */
export function recomputeConversationsDerived(db: Database, ids: Iterable<string>): void {
  const list = JSON.stringify([...ids]);
  if (list === '[]') return;
  statement(
    db,
    `WITH derived AS (
       SELECT c.id,
         (SELECT id FROM messages WHERE conversation_id = c.id
          ORDER BY created_at DESC, id DESC LIMIT 1) AS newest,
         MAX(c.created_at, COALESCE(c.last_active_at, 0),
           COALESCE((SELECT MAX(created_at) FROM messages WHERE conversation_id = c.id), 0))
           AS sort
       FROM conversations c WHERE c.id IN (SELECT value FROM json_each(?)))
     UPDATE conversations SET last_message_id = derived.newest, sort_at = derived.sort
     FROM derived
     WHERE conversations.id = derived.id
       AND (conversations.last_message_id IS NOT derived.newest
         OR conversations.sort_at != derived.sort)`,
  ).run(list);
  statement(
    db,
    `WITH derived AS (
       SELECT c.id,
         (SELECT COUNT(*) FROM messages
          WHERE conversation_id = c.id AND own = 0 AND created_at > c.read_up_to) AS unread
       FROM conversations c WHERE c.id IN (SELECT value FROM json_each(?)))
     UPDATE conversations SET unread_count = derived.unread
     FROM derived
     WHERE conversations.id = derived.id AND conversations.unread_count != derived.unread`,
  ).run(list);
}

/** One conversation's derived columns (see recomputeConversationsDerived). */
export function recomputeConversationDerived(db: Database, conversationId: string): void {
  recomputeConversationsDerived(db, [conversationId]);
}

/** A message stored for the first time, as the derived columns need to know it. */
export interface InsertedMessage {
  id: string;
  conversationId: string;
  createdAt: number;
  own: boolean;
}

/**
 * After a batch of writes: the derived columns of the conversations touched.
 * A conversation that only gained messages older than its newest (a page of
 * history) keeps its last message and sort time, and its unread count grows
 * by the new messages from others after its read marker; those are counted
 * here instead of recounting the conversation. Every other conversation is
 * recomputed in full: one whose newest stored message (read from the thread
 * index, the new ones already in) is one of the new ones.
 */
export function updateDerivedAfterWrites(
  db: Database,
  inserted: readonly InsertedMessage[],
  otherwiseTouched: ReadonlySet<string>,
): void {
  const ids = new Set(inserted.map((message) => message.conversationId));
  const state = new Map(
    (
      statement(
        db,
        `SELECT c.id, c.read_up_to AS readUpTo,
           (SELECT id FROM messages WHERE conversation_id = c.id
            ORDER BY created_at DESC, id DESC LIMIT 1) AS newestId
         FROM conversations c WHERE c.id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify([...ids])) as { id: string; readUpTo: number; newestId: string | null }[]
    ).map((row) => [row.id, row]),
  );
  const full = new Set(otherwiseTouched);
  const added = new Map<string, number>();
  for (const message of inserted) {
    const conversation = state.get(message.conversationId);
    if (conversation === undefined || conversation.newestId === message.id) {
      full.add(message.conversationId);
    } else if (!message.own && message.createdAt > conversation.readUpTo) {
      added.set(message.conversationId, (added.get(message.conversationId) ?? 0) + 1);
    }
  }
  for (const id of full) added.delete(id);
  if (added.size > 0) {
    statement(
      db,
      `UPDATE conversations SET unread_count = unread_count + (value ->> 1)
       FROM json_each(?) WHERE conversations.id = value ->> 0`,
    ).run(JSON.stringify([...added]));
  }
  recomputeConversationsDerived(db, full);
}
