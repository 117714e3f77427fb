import type { SearchHit } from '../../../shared/model/message.ts';
import { conversationTitle } from './conversation-summary.ts';
import { clipForDisplay } from './display-text.ts';
import type { Database } from './database.ts';
import { longEnoughForPrefix, matchExpression, quotedTerms } from './fts-query.ts';
import { purging } from './message-purge.ts';
import { readSelf } from './self-identity.ts';
import { keyBase, SLOTS_PER_MS } from './search-order.ts';
import { MATCH_END, MATCH_START, parseSnippet } from './search-snippet.ts';
import { readHere, type ReadRows } from './read-worker.ts';
import { statement } from './statement-cache.ts';

export interface SearchQuery {
  query: string;
  offset: number;
  limit: number;
  /** "Search in conversation": only this conversation's messages. */
  conversationId?: string | undefined;
}

interface HitRow {
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
const IS_WORD = 'SELECT 1 FROM messages_fts WHERE messages_fts MATCH $term LIMIT 1';

/** Tokens of context around the match. */
const SNIPPET_TOKENS = 16;

/**
 * The page of matches, newest first. FTS5 streams matches in rowid order,
 * and a message's rowid is keyed by its creation time (search-order.ts), so a
 * page costs the same whether a word occurs ten times or a million; ranking
 * by bm25 or sorting by created_at would visit every match first (hundreds of
 * ms for a common word over 1M messages). Keys pass as text: a time-keyed
 * rowid is beyond a JavaScript number's exact range.
 */
const matches = (where: string) => `SELECT CAST(rowid AS TEXT) AS key,
    snippet(messages_fts, 0, '${MATCH_START}', '${MATCH_END}', '…', ${SNIPPET_TOKENS}) AS marked
  FROM messages_fts WHERE messages_fts MATCH $match${where}
  ORDER BY messages_fts.rowid DESC LIMIT $limit OFFSET $offset`;
/**
 * While a removed conversation's messages are being purged (message-purge.ts),
 * its matches are left out here, so a page stays full; a lookup per match,
 * paid only then.
 */
const OUTSIDE_PURGES = `
  AND NOT EXISTS (SELECT 1 FROM messages m JOIN message_purges p
    ON p.conversation_id = m.conversation_id WHERE m.seq = messages_fts.rowid)`;
/**
 * One conversation's matches. A long conversation is found in the same
 * newest-first stream, a rowid lookup per match, the stream cut to the keys
 * of its first and last message's times (search-order.ts): where the words
 * are common in it, a page costs what a page of every match does, and a
 * conversation quiet for a year is not reached through a year of matches
 * elsewhere. A short one is looked up message by message in the index
 * instead (FTS5 seeks each rowid), as the stream would walk past every match
 * elsewhere in its time to reach its few.
 */
const IN_LONG_CONVERSATION = `
  AND messages_fts.rowid BETWEEN
    (SELECT ${keyBase('MIN(created_at)')} FROM messages WHERE conversation_id = $conversationId)
    AND (SELECT ${keyBase('MAX(created_at)')} + ${SLOTS_PER_MS - 1}
      FROM messages WHERE conversation_id = $conversationId)
  AND EXISTS (SELECT 1 FROM messages m
    WHERE m.seq = messages_fts.rowid AND m.conversation_id = $conversationId)`;
const IN_SHORT_CONVERSATION = `
  AND messages_fts.rowid IN (SELECT seq FROM messages WHERE conversation_id = $conversationId)`;
/** Up to this many messages a conversation is short; counting stops past it. */
const SHORT_CONVERSATION = 5_000;
const COUNT_UP_TO_SHORT = `SELECT COUNT(*) AS count FROM (SELECT 1 FROM messages
  WHERE conversation_id = $conversationId LIMIT ${SHORT_CONVERSATION + 1})`;

async function inConversation(read: ReadRows, conversationId: string): Promise<string> {
  const [row] = (await read(COUNT_UP_TO_SHORT, { $conversationId: conversationId })) as {
    count: number;
  }[];
  return (row?.count ?? 0) > SHORT_CONVERSATION ? IN_LONG_CONVERSATION : IN_SHORT_CONVERSATION;
}

/**
 * What the page's matches show, joined by rowid: the cost is per hit returned.
 * A message whose conversation was removed since the matches were read is
 * left out.
 */
const HIT_DETAILS = `SELECT CAST(m.seq AS TEXT) AS key, m.id, m.conversation_id, m.created_at, m.text, m.sender_id, m.own,
    sender.username AS sender_username, c.local_name, ct.username AS contact_username,
    c.contact_id, c.group_id
  FROM messages m
  LEFT JOIN conversations c ON c.id = m.conversation_id
  LEFT JOIN contacts ct ON ct.id = c.contact_id
  LEFT JOIN contacts sender ON sender.id = m.sender_id
  WHERE m.seq IN (SELECT value FROM json_each($keys))
    AND NOT EXISTS (SELECT 1 FROM message_purges p WHERE p.conversation_id = m.conversation_id)`;

/**
 * Full-text search over every message, or one conversation's, newest first. The
 * matching, whose cost depends on the words, runs through `read` (the core
 * passes a worker thread's connection); the page's details are read here.
 */
export async function searchMessages(
  db: Database,
  request: SearchQuery,
  read: ReadRows = readHere(db),
): Promise<{ hits: SearchHit[]; hasMore: boolean }> {
  const terms = quotedTerms(request.query);
  if (terms === null) return { hits: [], hasMore: false };
  const last = terms.at(-1) as string;
  const unfinished =
    longEnoughForPrefix(last) && (await read(IS_WORD, { $term: last })).length === 0;
  const within = request.conversationId;
  const where = `${purging(db) ? OUTSIDE_PURGES : ''}${within === undefined ? '' : await inConversation(read, within)}`;
  const found = (await read(matches(where), {
    $match: matchExpression(terms, unfinished),
    $limit: request.limit + 1,
    $offset: request.offset,
    ...(within === undefined ? {} : { $conversationId: within }),
  })) as { key: string; marked: string }[];
  const page = found.slice(0, request.limit);
  const details = new Map(
    (
      statement(db, HIT_DETAILS).all({
        $keys: `[${page.map((match) => match.key).join(',')}]`,
      }) as unknown as (HitRow & { key: string })[]
    ).map((row) => [row.key, row]),
  );
  const selfName = readSelf(db)?.username ?? null;
  // A match whose message was deleted since the worker's snapshot is left out.
  const hits = page.flatMap(({ key, marked }): SearchHit[] => {
    const row = details.get(key);
    if (!row) return [];
    const snippet = parseSnippet(marked, row.text);
    return [
      {
        messageId: row.id,
        conversationId: row.conversation_id,
        conversationTitle: clipForDisplay(conversationTitle({ ...row, id: row.conversation_id })),
        senderName: clipForDisplay(
          row.sender_username ?? (row.own === 1 ? selfName : null) ?? row.sender_id,
        ),
        own: row.own === 1,
        inGroup: row.group_id !== null,
        createdAt: row.created_at,
        snippet: snippet.text,
        highlights: snippet.highlights,
      },
    ];
  });
  return { hits, hasMore: found.length > request.limit };
}
