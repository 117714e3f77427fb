import type { Database } from './database.ts';
import { statement } from './statement-cache.ts';

/**
 * Recomputes the columns of a conversation that are derived from its messages
 * and read marker: `last_message_id`, `sort_at` and `unread_count`. Every
 * writer calls this for the conversations it touched, in the same transaction.
 *
 * - sort_at: the newest of created_at, last_active_at and the newest message.
 * - unread_count: messages not from us created after the local read marker.
 *
 * Only a value that changed is written: five indexes hold sort_at, and a sync
 * storing older history touches many conversations without moving any of them.
 */
export function recomputeConversationDerived(db: Database, conversationId: string): void {
  const row = statement(
    db,
    `SELECT c.last_message_id AS lastId, c.sort_at AS sortAt, c.unread_count AS unread,
       (SELECT id FROM messages WHERE conversation_id = c.id
        ORDER BY created_at DESC, id DESC LIMIT 1) AS newestId,
       MAX(c.created_at, COALESCE(c.last_active_at, 0),
         COALESCE((SELECT MAX(created_at) FROM messages WHERE conversation_id = c.id), 0)) AS newSortAt,
       (SELECT COUNT(*) FROM messages
        WHERE conversation_id = c.id AND own = 0 AND created_at > c.read_up_to) AS newUnread
     FROM conversations c WHERE c.id = ?`,
  ).get(conversationId) as
    | {
        lastId: string | null;
        sortAt: number;
        unread: number;
        newestId: string | null;
        newSortAt: number;
        newUnread: number;
      }
    | undefined;
  if (!row) return;
  if (row.lastId !== row.newestId || row.sortAt !== row.newSortAt) {
    statement(db, 'UPDATE conversations SET last_message_id = ?, sort_at = ? WHERE id = ?').run(
      row.newestId,
      row.newSortAt,
      conversationId,
    );
  }
  if (row.unread !== row.newUnread) {
    statement(db, 'UPDATE conversations SET unread_count = ? WHERE id = ?').run(
      row.newUnread,
      conversationId,
    );
  }
}
