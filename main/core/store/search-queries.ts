import type { SearchHit } from '../../../shared/model/message.ts';
import { conversationTitle } from './conversation-summary.ts';
import { clipForDisplay } from './display-text.ts';
import type { Database } from './database.ts';
import { longEnoughForPrefix, matchExpression, quotedTerms } from './fts-query.ts';
import { readSelf } from './self-identity.ts';
import { MATCH_END, MATCH_START, parseSnippet } from './search-snippet.ts';
import { statement } from './statement-cache.ts';

export interface SearchQuery {
  query: string;
  offset: number;
  limit: number;
}

interface HitRow {
  marked: string;
  id: string;
  conversation_id: string;
  created_at: number;
  text: string;
  sender_id: string;
  own: number;
  sender_username: string | null;
  local_name: string | null;
  contact_username: string | null;
  contact_id: string | null;
  group_id: string | null;
}

/**
 * The last term is searched as a prefix only when it is not a word of any
 * message, i.e. the user is still typing it. FTS5 builds a prefix's match list
 * in full before streaming, which for the stem of a common word costs tens of
 * milliseconds over a million messages, while a whole word streams in well
 * under one. Looking the word up stops at its first match.
 */
function isUnfinishedWord(db: Database, quotedTerm: string): boolean {
  return (
    statement(db, 'SELECT 1 FROM messages_fts WHERE messages_fts MATCH ? LIMIT 1').get(
      quotedTerm,
    ) === undefined
  );
}

/** Tokens of context around the match. */
const SNIPPET_TOKENS = 16;

/**
 * Full-text search over every message, newest first. FTS5 streams matches in
 * rowid order, and a message's rowid is keyed by its creation time
 * (search-order.ts), so a page costs the same whether a word occurs ten times
 * or a million; ranking by bm25 or sorting by created_at would visit every
 * match first (hundreds of ms for a common word over 1M messages). The joins
 * and snippets are computed for the page only.
 */
export function searchMessages(
  db: Database,
  request: SearchQuery,
): { hits: SearchHit[]; hasMore: boolean } {
  const terms = quotedTerms(request.query);
  if (terms === null) return { hits: [], hasMore: false };
  const last = terms.at(-1) as string;
  const match = matchExpression(terms, longEnoughForPrefix(last) && isUnfinishedWord(db, last));
  const rows = statement(
    db,
    `SELECT hit.marked, m.id, m.conversation_id, m.created_at, m.text, m.sender_id, m.own,
       sender.username AS sender_username, c.local_name, ct.username AS contact_username,
       c.contact_id, c.group_id
     FROM (SELECT rowid,
             snippet(messages_fts, 0, '${MATCH_START}', '${MATCH_END}', '…', ${SNIPPET_TOKENS}) AS marked
           FROM messages_fts WHERE messages_fts MATCH $match
           ORDER BY rowid DESC LIMIT $limit OFFSET $offset) hit
     JOIN messages m ON m.seq = hit.rowid
     LEFT JOIN conversations c ON c.id = m.conversation_id
     LEFT JOIN contacts ct ON ct.id = c.contact_id
     LEFT JOIN contacts sender ON sender.id = m.sender_id
     ORDER BY hit.rowid DESC`,
  ).all({
    $match: match,
    $limit: request.limit + 1,
    $offset: request.offset,
  }) as unknown as HitRow[];
  const selfName = readSelf(db)?.username ?? null;
  const hits = rows.slice(0, request.limit).map((row): SearchHit => {
    const snippet = parseSnippet(row.marked, row.text);
    return {
      messageId: row.id,
      conversationId: row.conversation_id,
      conversationTitle: clipForDisplay(conversationTitle({ ...row, id: row.conversation_id })),
      senderName: clipForDisplay(
        row.sender_username ?? (row.own === 1 ? selfName : null) ?? row.sender_id,
      ),
      createdAt: row.created_at,
      snippet: snippet.text,
      highlights: snippet.highlights,
    };
  });
  return { hits, hasMore: rows.length > request.limit };
}
