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
 * A row is written only where a value changed, and sort_at by a statement of
 * its own: SQLite rewrites the entries of every index holding a column an
 * UPDATE sets, changed or not, and five indexes hold sort_at. History that
 * gives a conversation its first message moves its last message and unread
 * count, seldom its place in the list; setting all three together made
 * settling 10,000 such conversations seven times the work. The last message
 * and the unread count share a statement (no index holds the first, one
 * small one the second): apart, settling those 10,000 took 75 ms, each row
 * written twice; together 45 ms.
 */
export function recomputeConversationsDerived(db: Database, ids: Iterable<string>): void {
  runUpdates(db, ids, DERIVED_UPDATES);
}

function runUpdates(db: Database, ids: Iterable<string>, updates: readonly string[]): void {
  const list = JSON.stringify([...ids]);
  if (list === '[]') return;
  for (const sql of updates) statement(db, sql).run(list);
}

/**
 * Each column of `values` set to its value (a subquery on `c`, the
 * conversation), in the rows where one of them differs.
 */
function derivedUpdate(values: Record<string, string>): string {
  const columns = Object.keys(values);
  return `WITH derived AS (
     SELECT c.id, ${columns.map((column) => `${values[column]} AS ${column}`).join(', ')}
     FROM conversations c WHERE c.id IN (SELECT value FROM json_each(?)))
   UPDATE conversations SET ${columns.map((column) => `${column} = derived.${column}`).join(', ')}
   FROM derived
   WHERE conversations.id = derived.id
     AND (${columns.map((column) => `conversations.${column} IS NOT derived.${column}`).join(' OR ')})`;
}

const LAST_MESSAGE = `(SELECT id FROM messages WHERE conversation_id = c.id
  ORDER BY created_at DESC, id DESC LIMIT 1)`;

const SORT_AT_UPDATE = derivedUpdate({
  sort_at: `MAX(c.created_at, COALESCE(c.last_active_at, 0),
    COALESCE((SELECT MAX(created_at) FROM messages WHERE conversation_id = c.id), 0))`,
});

/** The columns that place a conversation: its last message and sort time. */
const ORDER_UPDATES = [derivedUpdate({ last_message_id: LAST_MESSAGE }), SORT_AT_UPDATE];

const DERIVED_UPDATES = [
  derivedUpdate({
    last_message_id: LAST_MESSAGE,
    unread_count: `(SELECT COUNT(*) FROM messages
      WHERE conversation_id = c.id AND own = 0 AND created_at > c.read_up_to)`,
  }),
  SORT_AT_UPDATE,
];

/** One conversation's derived columns (see recomputeConversationsDerived). */
export function recomputeConversationDerived(db: Database, conversationId: string): void {
  recomputeConversationsDerived(db, [conversationId]);
}

/**
 * After a change to our own messages alone (a send confirmed): their last
 * message and sort time. No unread count holds our own messages, and
 * counting a conversation's unread walks every message after its read
 * marker, ours among them: a thousand queued sends made the count a fifth
 * of storing each one's confirmation.
 */
export function recomputeConversationOrder(db: Database, conversationId: string): void {
  runUpdates(db, [conversationId], ORDER_UPDATES);
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
