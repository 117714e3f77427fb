import type { Database } from './database.ts';

/**
 * Recomputes the columns of a conversation that are derived from its messages
 * and read marker: `last_message_id`, `sort_at` and `unread_count`. Every
 * writer calls this for the conversations it touched, in the same transaction.
 *
 * - sort_at: the newest of created_at, last_active_at and the newest message.
 * - unread_count: messages not from us created after the local read marker.
 */
export function recomputeConversationDerived(db: Database, conversationId: string): void {
  db.prepare(
    `UPDATE conversations SET
       last_message_id = (
         SELECT id FROM messages WHERE conversation_id = $id
         ORDER BY created_at DESC, id DESC LIMIT 1),
       sort_at = MAX(
         created_at,
         COALESCE(last_active_at, 0),
         COALESCE((SELECT MAX(created_at) FROM messages WHERE conversation_id = $id), 0)),
       unread_count = (
         SELECT COUNT(*) FROM messages
         WHERE conversation_id = $id AND own = 0 AND created_at > conversations.read_up_to)
     WHERE id = $id`,
  ).run({ $id: conversationId });
}
