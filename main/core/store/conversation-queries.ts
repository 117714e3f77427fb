import type {
  ConversationFilter,
  ConversationSummary,
} from '../../../shared/model/conversation.ts';
import type { Database } from './database.ts';
import { likeContaining } from './like-pattern.ts';
import { readSelf } from './self-identity.ts';
import { statement } from './statement-cache.ts';
import { SUMMARY_SELECT, toConversationSummary, type SummaryRow } from './conversation-summary.ts';

export interface ConversationListQuery {
  filter: ConversationFilter;
  groupId?: string | undefined;
  /** Matches the local name, the contact's username, or the contact or group id. */
  query?: string | undefined;
  offset: number;
  limit: number;
}

/**
 * Archived conversations appear only under `archived`; every list shows pinned
 * conversations first, then the most recently active. Each filter (with or
 * without a group) is served by an index in that order (migration 0003).
 */
const FILTERS: Record<ConversationFilter, string> = {
  all: 'c.is_archived = 0',
  pinned: 'c.is_archived = 0 AND c.is_pinned = 1',
  muted: 'c.is_archived = 0 AND c.is_muted = 1',
  archived: 'c.is_archived = 1',
};
const ORDER = 'ORDER BY c.is_pinned DESC, c.sort_at DESC, c.id';
const MATCHES_QUERY = `(c.local_name LIKE $query ESCAPE '\\' OR ct.username LIKE $query ESCAPE '\\'
  OR c.contact_id LIKE $query ESCAPE '\\' OR c.group_id LIKE $query ESCAPE '\\')`;

export function listConversations(
  db: Database,
  request: ConversationListQuery,
): { items: ConversationSummary[]; total: number } {
  const query = request.query?.trim() ?? '';
  // A group's own list shows all of its conversations, archived ones included.
  const conditions =
    request.groupId !== undefined && request.filter === 'all' ? [] : [FILTERS[request.filter]];
  const params: Record<string, string | number> = {};
  if (request.groupId !== undefined) {
    conditions.push('c.group_id = $groupId');
    params.$groupId = request.groupId;
  }
  if (query !== '') {
    conditions.push(MATCHES_QUERY);
    params.$query = likeContaining(query);
  }
  const from = `FROM conversations c
    ${query === '' ? '' : 'LEFT JOIN contacts ct ON ct.id = c.contact_id'}
    WHERE ${conditions.join(' AND ') || '1'}`;

  const { total } = statement(db, `SELECT COUNT(*) AS total ${from}`).get(params) as {
    total: number;
  };
  const rows = statement(
    db,
    `${SUMMARY_SELECT}
     WHERE c.id IN (SELECT c.id ${from} ${ORDER} LIMIT $limit OFFSET $offset)
     ${ORDER}`,
  ).all({ ...params, $limit: request.limit, $offset: request.offset }) as unknown as SummaryRow[];
  const selfName = readSelf(db)?.username ?? null;
  return { items: rows.map((row) => toConversationSummary(row, selfName)), total };
}

export function getConversation(db: Database, id: string): ConversationSummary | null {
  const row = statement(db, `${SUMMARY_SELECT} WHERE c.id = ?`).get(id) as SummaryRow | undefined;
  return row ? toConversationSummary(row, readSelf(db)?.username ?? null) : null;
}

export function conversationExists(db: Database, id: string): boolean {
  return statement(db, 'SELECT 1 FROM conversations WHERE id = ?').get(id) !== undefined;
}
