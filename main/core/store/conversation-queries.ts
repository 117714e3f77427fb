import type {
  ConversationFilter,
  ConversationSummary,
} from '../../../shared/model/conversation.ts';
import type { Database } from './database.ts';
import { likeContaining } from './like-pattern.ts';
import { readSelf } from './self-identity.ts';
import { statement } from './statement-cache.ts';
import { SUMMARY_SELECT, toConversationSummary, type SummaryRow } from './conversation-summary.ts';

/** Which conversations a list shows: a filter, a group, what the search box holds. */
export interface ConversationScope {
  filter: ConversationFilter;
  groupId?: string | undefined;
  /** Matches the local name, the contact's username, or the contact or group id. */
  query?: string | undefined;
  /**
   * Stays in the unread list once read: the open conversation, so it does not
   * vanish from under the person reading it, as in WhatsApp.
   */
  keptId?: string | undefined;
}

export interface ConversationListQuery extends ConversationScope {
  offset: number;
  limit: number;
}

/**
 * Archived conversations appear only under `archived`; every list shows pinned
 * conversations first, then the most recently active. Each filter (with or
 * without a group) is served by an index in that order (migration 0003);
 * `unread` by the partial index of unread conversations (migration 0012),
 * its few rows sorted.
 */
const FILTERS: Record<ConversationFilter, string> = {
  all: 'c.is_archived = 0',
  unread: 'c.is_archived = 0 AND (c.unread_count > 0 OR c.id = $keptId)',
  pinned: 'c.is_archived = 0 AND c.is_pinned = 1',
  muted: 'c.is_archived = 0 AND c.is_muted = 1',
  archived: 'c.is_archived = 1',
};
const ORDER = 'ORDER BY c.is_pinned DESC, c.sort_at DESC, c.id';
const MATCHES_QUERY = `(c.local_name LIKE $query ESCAPE '\\' OR ct.username LIKE $query ESCAPE '\\'
  OR c.contact_id LIKE $query ESCAPE '\\' OR c.group_id LIKE $query ESCAPE '\\')`;

/** `FROM … WHERE …` of the conversations in `scope`, and its parameters. */
function scoped(scope: ConversationScope) {
  const query = scope.query?.trim() ?? '';
  // A group's own list shows all of its conversations, archived ones included.
  const conditions =
    scope.groupId !== undefined && scope.filter === 'all' ? [] : [FILTERS[scope.filter]];
  const params: Record<string, string | number | null> = {};
  if (scope.filter === 'unread') params.$keptId = scope.keptId ?? null;
  if (scope.groupId !== undefined) {
    conditions.push('c.group_id = $groupId');
    params.$groupId = scope.groupId;
  }
  if (query !== '') {
    conditions.push(MATCHES_QUERY);
    params.$query = likeContaining(query);
  }
  const from = `FROM conversations c
    ${query === '' ? '' : 'LEFT JOIN contacts ct ON ct.id = c.contact_id'}
    WHERE ${conditions.join(' AND ') || '1'}`;
  return { from, params };
}

export function listConversations(
  db: Database,
  request: ConversationListQuery,
): { items: ConversationSummary[]; total: number } {
  const { from, params } = scoped(request);
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

/** The list's own order (pinned first, newest first, then id) as one ascending key. */
const LIST_KEY = '(-c.is_pinned, -c.sort_at, c.id)';
const KEY_OF = '(-$pinned, -$sortAt, $keyId)';
const KEY_COLUMNS = 'c.id AS id, c.is_pinned AS pinned, c.sort_at AS sortAt';

interface ListKey {
  id: string;
  pinned: number;
  sortAt: number;
}
const keyParams = (key: ListKey) => ({ $pinned: key.pinned, $sortAt: key.sortAt, $keyId: key.id });

/**
 * The unread conversation after `fromId` (step 1) or before it (-1) in the
 * list as `scope` shows it, round past the end to the other, with its place
 * in that list; null when none but `fromId` is unread. Alt+Shift+Down and Up:
 * read them through without scrolling a list of thousands.
 */
export function neighbourUnread(
  db: Database,
  scope: ConversationScope,
  fromId: string | null,
  step: 1 | -1,
): { id: string; index: number } | null {
  const { from, params } = scoped(scope);
  const at =
    fromId === null
      ? undefined
      : (statement(db, `SELECT ${KEY_COLUMNS} FROM conversations c WHERE c.id = ?`).get(fromId) as
          ListKey | undefined);
  const direction = step === 1 ? 'ASC' : 'DESC';
  const first = (beyond: ListKey | undefined) =>
    statement(
      db,
      `SELECT ${KEY_COLUMNS} ${from} AND c.unread_count > 0 AND c.id IS NOT $fromId
       ${beyond ? `AND ${LIST_KEY} ${step === 1 ? '>' : '<'} ${KEY_OF}` : ''}
       ORDER BY -c.is_pinned ${direction}, -c.sort_at ${direction}, c.id ${direction} LIMIT 1`,
    ).get({ ...params, $fromId: fromId, ...(beyond ? keyParams(beyond) : {}) }) as
      ListKey | undefined;
  const found = (at ? first(at) : undefined) ?? first(undefined);
  if (found === undefined) return null;
  const { position } = statement(
    db,
    `SELECT COUNT(*) AS position ${from} AND ${LIST_KEY} < ${KEY_OF}`,
  ).get({ ...params, ...keyParams(found) }) as { position: number };
  return { id: found.id, index: position };
}

export function getConversation(db: Database, id: string): ConversationSummary | null {
  const row = statement(db, `${SUMMARY_SELECT} WHERE c.id = ?`).get(id) as SummaryRow | undefined;
  return row ? toConversationSummary(row, readSelf(db)?.username ?? null) : null;
}

export function conversationExists(db: Database, id: string): boolean {
  return statement(db, 'SELECT 1 FROM conversations WHERE id = ?').get(id) !== undefined;
}
