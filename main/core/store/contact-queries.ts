import type { ContactSuggestion } from '../../../shared/model/conversation.ts';
import type { Database } from './database.ts';
import { likeContaining, likeStartingWith } from './like-pattern.ts';
import { statement } from './statement-cache.ts';

/**
 * Contacts seen in messages, for starting or finding a conversation: names
 * starting with the query first, then names containing it, most recently seen
 * first within each. The signed-in user is never suggested. An empty query
 * lists the most recently seen contacts.
 */
export function suggestContacts(
  db: Database,
  request: { query: string; limit: number },
): ContactSuggestion[] {
  const query = request.query.trim();
  const rows = statement(
    db,
    `SELECT ct.id, ct.username, ct.avatar_url AS avatarUrl,
       (SELECT c.id FROM conversations c
         WHERE c.contact_id = ct.id AND c.group_id IS NULL
         ORDER BY c.is_archived, c.sort_at DESC LIMIT 1) AS conversationId
     FROM contacts ct
     WHERE ct.id IS NOT (SELECT value FROM meta WHERE key = 'self_contact_id')
       AND (ct.username LIKE $contains ESCAPE '\\' OR ct.id LIKE $contains ESCAPE '\\')
     ORDER BY ct.username LIKE $prefix ESCAPE '\\' DESC, ct.seen_at DESC, ct.username COLLATE NOCASE
     LIMIT $limit`,
  ).all({
    $contains: likeContaining(query),
    $prefix: likeStartingWith(query),
    $limit: request.limit,
  }) as unknown as ContactSuggestion[];
  return rows.map((row) => ({ ...row }));
}
