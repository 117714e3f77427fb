import type { ContactSuggestion } from '../../../shared/model/conversation.ts';
import type { Database } from './database.ts';
import { likeContaining, likeStartingWith } from './like-pattern.ts';
import { statement } from './statement-cache.ts';

/** A conversation's participants are read from this many of its newest messages. */
const PARTICIPANTS_FROM = 2_000;

/**
 * Who wrote among the newest messages of the conversation `$conversation`,
 * each with when they last did (`wrote_at`): a long conversation's
 * participants without reading all of it.
 */
export const PARTICIPANTS_SQL = `SELECT sender_id, MAX(created_at) AS wrote_at
  FROM (SELECT sender_id, created_at FROM messages WHERE conversation_id = $conversation
        ORDER BY created_at DESC LIMIT ${PARTICIPANTS_FROM})
  GROUP BY sender_id`;

/**
 * Contacts seen in messages, for starting or finding a conversation or for a
 * mention: with `conversationId`, those who wrote there lately first, the
 * most recent first; then names starting with the query, then names
 * containing it, most recently seen first within each. The signed-in user is
 * never suggested. An empty query lists the most recently seen contacts.
 */
export function suggestContacts(
  db: Database,
  request: { query: string; limit: number; conversationId?: string },
): ContactSuggestion[] {
  const query = request.query.trim();
  const rows = statement(
    db,
    `WITH participants AS (${PARTICIPANTS_SQL})
     SELECT ct.id, ct.username, ct.avatar_url AS avatarUrl,
       (SELECT c.id FROM conversations c
         WHERE c.contact_id = ct.id AND c.group_id IS NULL
         ORDER BY c.is_archived, c.sort_at DESC LIMIT 1) AS conversationId
     FROM contacts ct LEFT JOIN participants p ON p.sender_id = ct.id
     WHERE ct.id IS NOT (SELECT value FROM meta WHERE key = 'self_contact_id')
       AND (ct.username LIKE $contains ESCAPE '\\' OR ct.id LIKE $contains ESCAPE '\\')
     ORDER BY p.wrote_at IS NULL, p.wrote_at DESC,
       ct.username LIKE $prefix ESCAPE '\\' DESC, ct.seen_at DESC, ct.username COLLATE NOCASE
     LIMIT $limit`,
  ).all({
    $conversation: request.conversationId ?? null,
    $contains: likeContaining(query),
    $prefix: likeStartingWith(query),
    $limit: request.limit,
  }) as unknown as ContactSuggestion[];
  return rows.map((row) => ({ ...row }));
}
