import { CoreError } from '../errors/core-error.ts';
import { recomputeConversationDerived } from './conversation-derived.ts';
import { transaction, type Database } from './database.ts';
import { findMessagePosition } from './message-position.ts';
import { statement } from './statement-cache.ts';

/**
 * Moves the local read marker to the newest message, or to `upToMessageId`,
 * and recomputes the unread count. The marker only moves forward: a late call
 * for an older message never makes read messages unread again. The API shows
 * no way to mark messages read, so this stays on this device. Returns whether
 * the marker moved.
 */
export function markRead(db: Database, conversationId: string, upToMessageId?: string): boolean {
  return transaction(db, () => {
    const conversation = statement(db, 'SELECT read_up_to FROM conversations WHERE id = ?').get(
      conversationId,
    ) as { read_up_to: number } | undefined;
    if (!conversation) throw new CoreError('not-found', 'That conversation was not found');
    const upTo =
      upToMessageId === undefined
        ? newestAt(db, conversationId)
        : positionAt(db, conversationId, upToMessageId);
    if (upTo === null || upTo <= conversation.read_up_to) return false;
    statement(db, 'UPDATE conversations SET read_up_to = ? WHERE id = ?').run(upTo, conversationId);
    recomputeConversationDerived(db, conversationId);
    return true;
  });
}

/**
 * "Mark as unread": the marker moves back to just before the newest message
 * from others, so that message (and any sent in the same instant) counts as
 * unread until the conversation is read again. Returns whether it moved; a
 * conversation with nothing from others, or already unread there, stays.
 */
export function markUnread(db: Database, conversationId: string): boolean {
  return transaction(db, () => {
    // Walked back from the newest to the first of theirs: MAX() would read the whole thread,
    // `own` being last in the index (migrations/0021-one-thread-index.ts).
    const row = statement(
      db,
      `SELECT c.read_up_to AS readUpTo,
         (SELECT created_at FROM messages WHERE conversation_id = c.id AND own = 0
          ORDER BY created_at DESC LIMIT 1) AS newest
       FROM conversations c WHERE c.id = ?`,
    ).get(conversationId) as { readUpTo: number; newest: number | null } | undefined;
    if (!row) throw new CoreError('not-found', 'That conversation was not found');
    if (row.newest === null || row.readUpTo < row.newest) return false;
    statement(db, 'UPDATE conversations SET read_up_to = ? WHERE id = ?').run(
      row.newest - 1,
      conversationId,
    );
    recomputeConversationDerived(db, conversationId);
    return true;
  });
}

/**
 * "Mark all as read": every conversation the unread filter shows (outside the
 * archive, muted ones too) is read up to its newest message, as markRead
 * reads one. Archived conversations keep theirs, as the archive keeps its own
 * count. Returns the ids marked.
 */
export function markAllRead(db: Database): string[] {
  const rows = statement(
    db,
    `UPDATE conversations SET unread_count = 0, read_up_to = MAX(read_up_to, COALESCE(
       (SELECT MAX(created_at) FROM messages WHERE conversation_id = conversations.id), 0))
     WHERE is_archived = 0 AND unread_count > 0
     RETURNING id`,
  ).all() as { id: string }[];
  return rows.map((row) => row.id);
}

function newestAt(db: Database, conversationId: string): number | null {
  const row = statement(
    db,
    'SELECT MAX(created_at) AS at FROM messages WHERE conversation_id = ?',
  ).get(conversationId) as { at: number | null };
  return row.at;
}

function positionAt(db: Database, conversationId: string, messageId: string): number {
  const position = findMessagePosition(db, conversationId, messageId);
  if (!position) throw new CoreError('not-found', 'That message is not in this conversation');
  return position.createdAt;
}
