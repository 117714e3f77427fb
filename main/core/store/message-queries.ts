import type { MessageView } from '../../../shared/model/message.ts';
import { CoreError } from '../errors/core-error.ts';
import type { Database } from './database.ts';
import { findMessagePosition, type MessagePosition } from './message-position.ts';
import { MESSAGE_SELECT, toMessageViews, type MessageRow } from './message-view.ts';
import { readSelf } from './self-identity.ts';
import { statement } from './statement-cache.ts';

export interface ThreadPageQuery {
  conversationId: string;
  before?: string | undefined;
  after?: string | undefined;
  around?: string | undefined;
  limit: number;
}

export interface ThreadPage {
  /** Oldest first. */
  items: MessageView[];
  hasBefore: boolean;
  hasAfter: boolean;
  firstUnreadId: string | null;
}

/**
 * Keyset paging over the thread index (conversation_id, created_at, id): each
 * page costs the same however deep in the history it is.
 */
const OLDER = `${MESSAGE_SELECT}
  WHERE m.conversation_id = $conversationId AND (m.created_at, m.id) < ($createdAt, $id)
  ORDER BY m.created_at DESC, m.id DESC LIMIT $limit`;
const NEWER = `${MESSAGE_SELECT}
  WHERE m.conversation_id = $conversationId AND (m.created_at, m.id) > ($createdAt, $id)
  ORDER BY m.created_at, m.id LIMIT $limit`;
const NEWEST = `${MESSAGE_SELECT}
  WHERE m.conversation_id = $conversationId
  ORDER BY m.created_at DESC, m.id DESC LIMIT $limit`;

export function pageMessages(db: Database, query: ThreadPageQuery): ThreadPage {
  const conversation = statement(db, 'SELECT read_up_to FROM conversations WHERE id = ?').get(
    query.conversationId,
  ) as { read_up_to: number } | undefined;
  if (!conversation) throw new CoreError('not-found', 'That conversation was not found');
  const { rows, hasBefore, hasAfter } = pageRows(db, query);
  return {
    items: toMessageViews(db, rows, readSelf(db)?.username ?? null),
    hasBefore,
    hasAfter,
    firstUnreadId: firstUnreadId(db, query.conversationId, conversation.read_up_to),
  };
}

function pageRows(
  db: Database,
  query: ThreadPageQuery,
): { rows: MessageRow[]; hasBefore: boolean; hasAfter: boolean } {
  const { conversationId, limit } = query;
  const cursor = query.before ?? query.after ?? query.around;
  if (cursor === undefined) {
    const newest = select(db, NEWEST, { $conversationId: conversationId, $limit: limit + 1 });
    return {
      rows: newest.slice(0, limit).reverse(),
      hasBefore: newest.length > limit,
      hasAfter: false,
    };
  }
  const position = findMessagePosition(db, conversationId, cursor);
  if (!position) throw new CoreError('not-found', 'That message is not in this conversation');
  const at = keyOf(conversationId, position);
  if (query.before !== undefined) {
    const older = select(db, OLDER, { ...at, $limit: limit + 1 });
    return {
      rows: older.slice(0, limit).reverse(),
      hasBefore: older.length > limit,
      hasAfter: true,
    };
  }
  if (query.after !== undefined) {
    const newer = select(db, NEWER, { ...at, $limit: limit + 1 });
    return { rows: newer.slice(0, limit), hasBefore: true, hasAfter: newer.length > limit };
  }
  return around(db, at, limit);
}

/**
 * The message itself with about half a page on each side; when one side runs
 * short, the other side fills the page.
 */
function around(
  db: Database,
  at: ReturnType<typeof keyOf>,
  limit: number,
): { rows: MessageRow[]; hasBefore: boolean; hasAfter: boolean } {
  const target = select(db, `${MESSAGE_SELECT} WHERE m.id = $id`, { $id: at.$id });
  const older = select(db, OLDER, { ...at, $limit: limit });
  const newer = select(db, NEWER, { ...at, $limit: limit });
  const wantOlder = Math.floor((limit - 1) / 2);
  const newerTaken = Math.min(newer.length, limit - 1 - Math.min(older.length, wantOlder));
  const olderTaken = Math.min(older.length, limit - 1 - newerTaken);
  return {
    rows: [...older.slice(0, olderTaken).reverse(), ...target, ...newer.slice(0, newerTaken)],
    hasBefore: older.length > olderTaken,
    hasAfter: newer.length > newerTaken,
  };
}

function firstUnreadId(db: Database, conversationId: string, readUpTo: number): string | null {
  const row = statement(
    db,
    `SELECT id FROM messages
     WHERE conversation_id = ? AND created_at > ? AND own = 0
     ORDER BY created_at, id LIMIT 1`,
  ).get(conversationId, readUpTo) as { id: string } | undefined;
  return row?.id ?? null;
}

function keyOf(conversationId: string, position: MessagePosition) {
  return { $conversationId: conversationId, $createdAt: position.createdAt, $id: position.id };
}

function select(db: Database, sql: string, params: Record<string, string | number>): MessageRow[] {
  return statement(db, sql).all(params) as unknown as MessageRow[];
}
