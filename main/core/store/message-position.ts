import type { Database } from './database.ts';
import { statement } from './statement-cache.ts';

/** Where a message sits in its thread's (created_at, id) order. */
export interface MessagePosition {
  id: string;
  createdAt: number;
}

/**
 * Finds a message of a conversation by its id. A local id the renderer still
 * holds after the send was confirmed is followed to the server id (`id_map`),
 * so a stale cursor keeps working.
 */
export function findMessagePosition(
  db: Database,
  conversationId: string,
  messageId: string,
): MessagePosition | null {
  const row = statement(
    db,
    `SELECT id, created_at AS createdAt FROM messages
     WHERE id = COALESCE((SELECT server_id FROM id_map WHERE local_id = $id), $id)
       AND conversation_id = $conversationId`,
  ).get({ $conversationId: conversationId, $id: messageId }) as MessagePosition | undefined;
  return row ? { id: row.id, createdAt: row.createdAt } : null;
}
