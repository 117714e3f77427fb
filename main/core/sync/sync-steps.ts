import { ApiError } from '../api/api-error.ts';
import type { ApiConversation, ApiMessage, MessagingApi, Page } from '../api/messaging-api.ts';
import { listAll } from '../api/paginate.ts';
import type { ChangeBatch } from '../events/change-batch.ts';
import type { Clock, Logger } from '../ports/ports.ts';
import { transaction, type Database } from '../store/database.ts';
import { removeConversation } from '../store/record-upserts.ts';
import { reconcileConversations, removeUnlisted, type FetchedRange } from './reconciler.ts';
import {
  storePage,
  type ConversationsStore,
  type FetchedPage,
  type HistoryStore,
} from './page-store.ts';
import { statement } from '../store/statement-cache.ts';
import { missingConversations } from '../store/stored-conversations.ts';

export const PAGE_SIZE = 100;
export const RECENT_PAGE_SIZE = 50;
/** A conversation fetched in full stops here; what lies beyond is fetched on demand. */
const MAX_CONVERSATION_MESSAGES = 10_000;

export interface SyncContext {
  db: Database;
  api: MessagingApi;
  clock: Clock;
  log: Logger;
  signal: AbortSignal;
  /** Ids the outbox confirmed since `since`: fetched lists may not show them yet. */
  confirmedSince(since: number): ReadonlySet<string>;
  /** Where background history is stored (the writer thread in the app). */
  storeHistory: HistoryStore;
  /** Where the conversation list of the initial sync is stored (the writer thread in the app). */
  storeConversations: ConversationsStore;
}

/** What a round gathers for one `changes` event, notifications and notices. */
export interface RoundResult {
  batch: ChangeBatch;
  incoming: ApiMessage[];
  notices: string[];
}

/**
 * New messages anywhere, for a server that lists newest first: the newest
 * page, and older pages only until one reaches a message already stored.
 * An idle round therefore costs one request, however many conversations.
 */
export async function pollRecentMessages(ctx: SyncContext, result: RoundResult): Promise<void> {
  const started = ctx.clock.now();
  const { messages, complete } = await fetchNewest(ctx, undefined, RECENT_PAGE_SIZE, true);
  const deletedIn = await storeMessages(
    ctx,
    result,
    messages,
    rangeOf(ctx, null, messages, complete),
    started,
  );
  // Settled in this round, so the list never shows a deleted conversation as empty meanwhile.
  for (const id of deletedIn) await settleDeletions(ctx, result, id);
}

/**
 * Messages of a conversation vanished from the server's list: the conversation
 * may be gone too, or (when nothing of it is left here) older messages become
 * its newest. Deletions are rare, so this costs a request only when one happens.
 */
async function settleDeletions(ctx: SyncContext, result: RoundResult, id: string): Promise<void> {
  try {
    await ctx.api.getConversation(id, { signal: ctx.signal });
  } catch (error) {
    if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
    return conversationGone(ctx, result, id);
  }
  const empty = statement(
    ctx.db,
    'SELECT 1 FROM conversations WHERE id = ? AND last_message_id IS NULL',
  ).get(id);
  if (empty) await refreshConversationMessages(ctx, result, id, false);
}

/**
 * The newest page of one conversation (edits, reactions and deletions show
 * up), or all of it. A fetch that reaches the conversation's first message
 * marks its history complete.
 */
export async function refreshConversationMessages(
  ctx: SyncContext,
  result: RoundResult,
  conversationId: string,
  allPages: boolean,
): Promise<void> {
  const started = ctx.clock.now();
  if (allPages) {
    const all = await listAll(
      ctx.api,
      'messages',
      { conversationId, limit: PAGE_SIZE, signal: ctx.signal },
      { maxItems: MAX_CONVERSATION_MESSAGES },
    );
    const range = rangeOf(ctx, conversationId, all.data, all.complete && all.skipped === 0);
    await storeMessages(ctx, result, all.data, range, started);
    return;
  }
  const { messages, complete } = await fetchNewest(ctx, conversationId, RECENT_PAGE_SIZE, false, 1);
  await storeMessages(
    ctx,
    result,
    messages,
    rangeOf(ctx, conversationId, messages, complete),
    started,
  );
}

/**
 * The whole conversation list; what it no longer shows was deleted on the
 * server. Each page is stored as it arrives: reconciling 10,000 conversations
 * at once held the event loop for about 45 ms, and with it every IPC answer.
 */
export async function refreshConversations(
  ctx: SyncContext,
  result: RoundResult,
): Promise<string[]> {
  const started = ctx.clock.now();
  const listed = new Set<string>();
  const active: string[] = [];
  let cursor: string | undefined;
  let complete = false;
  for (;;) {
    const page: Page<ApiConversation> = await ctx.api.listConversations({
      limit: PAGE_SIZE,
      startingAfter: cursor,
      signal: ctx.signal,
    });
    const outcome = transaction(ctx.db, () =>
      reconcileConversations(ctx.db, page.data, false, new Set(), result.batch),
    );
    active.push(...outcome.active);
    for (const conversation of page.data) listed.add(conversation.id);
    if (!page.hasMore || page.nextCursor === null) {
      // A server that ignores the cursor showed one page of many: what it did not list may exist.
      complete = !page.hasMore && !page.cursorIgnored && page.skipped === 0;
      break;
    }
    cursor = page.nextCursor;
  }
  if (complete) {
    const removed = transaction(ctx.db, () =>
      removeUnlisted(ctx.db, listed, ctx.confirmedSince(started), result.batch),
    );
    for (const { id, droppedWrites } of removed) noteRemoved(ctx, result, id, droppedWrites);
  }
  return active;
}

async function fetchNewest(
  ctx: SyncContext,
  conversationId: string | undefined,
  limit: number,
  stopAtKnown: boolean,
  maxPages = Number.POSITIVE_INFINITY,
): Promise<{ messages: ApiMessage[]; complete: boolean }> {
  const known = statement(ctx.db, 'SELECT 1 FROM messages WHERE id = ?');
  const messages: ApiMessage[] = [];
  let cursor: string | undefined;
  for (let pages = 1; ; pages++) {
    const page = await ctx.api.listMessages({
      conversationId,
      limit,
      startingAfter: cursor,
      signal: ctx.signal,
    });
    if (page.cursorIgnored) return { messages, complete: false };
    messages.push(...page.data);
    if (!page.hasMore) return { messages, complete: page.skipped === 0 };
    const reachedKnown = stopAtKnown && page.data.some((m) => known.get(m.id) !== undefined);
    if (reachedKnown || page.nextCursor === null || pages >= maxPages) {
      return { messages, complete: false };
    }
    cursor = page.nextCursor;
  }
}

/**
 * The stretch the fetch covered without gaps; null when nothing can be
 * concluded. A list cut short holds the newest messages from a server that
 * lists newest first, the oldest from one that lists oldest first.
 */
function rangeOf(
  ctx: SyncContext,
  conversationId: string | null,
  messages: readonly ApiMessage[],
  complete: boolean,
): FetchedRange | null {
  if (complete) return { conversationId, after: null, before: null };
  const newest = messages.at(0);
  const oldest = messages.at(-1);
  if (!newest || !oldest) return null;
  return ctx.api.traits.listOrder === 'oldest-first'
    ? { conversationId, after: null, before: newest.createdAt }
    : { conversationId, after: oldest.createdAt, before: null };
}

/**
 * Stores messages, fetching first any conversation they belong to that is not
 * stored yet. `alongside` runs in the same transaction (saving progress, so a
 * restart never skips or repeats a page).
 */
export async function storeMessages(
  ctx: SyncContext,
  result: RoundResult,
  messages: readonly ApiMessage[],
  range: FetchedRange | null,
  started: number,
  alongside?: () => void,
): Promise<string[]> {
  const page = await fetchedPage(ctx, messages, range, started);
  const outcome = transaction(ctx.db, () => {
    const stored = storePage(ctx.db, page, result.batch);
    alongside?.();
    return stored;
  });
  result.incoming.push(...outcome.incoming);
  return outcome.deletedIn;
}

/**
 * Messages as a page ready to store: the conversations they belong to that
 * are not stored yet (`missing`, store/stored-conversations.ts) are fetched
 * (one deleted meanwhile takes its messages with it).
 */
export async function fetchedPage(
  ctx: SyncContext,
  messages: readonly ApiMessage[],
  range: FetchedRange | null,
  started: number,
  missing = (ids: readonly string[]) => missingConversations(ctx.db, ids),
): Promise<FetchedPage> {
  const gone = new Set<string>();
  const found: ApiConversation[] = [];
  for (const id of missing([...new Set(messages.map((m) => m.conversationId))])) {
    try {
      found.push(await ctx.api.getConversation(id, { signal: ctx.signal }));
    } catch (error) {
      if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
      gone.add(id);
    }
  }
  return {
    conversations: found,
    messages: gone.size === 0 ? messages : messages.filter((m) => !gone.has(m.conversationId)),
    range,
    spare: [...ctx.confirmedSince(started)],
    now: ctx.clock.now(),
  };
}

/** The server no longer has a conversation we were asked about. */
export function conversationGone(ctx: SyncContext, result: RoundResult, id: string): void {
  const dropped = transaction(ctx.db, () => removeConversation(ctx.db, id, result.batch));
  noteRemoved(ctx, result, id, dropped);
}

function noteRemoved(ctx: SyncContext, result: RoundResult, id: string, droppedWrites: number) {
  ctx.log.info('conversation deleted on the server', { conversationId: id, droppedWrites });
  if (droppedWrites > 0) {
    result.notices.push(
      `A conversation was deleted elsewhere (on another device or by the server), so ${droppedWrites} ${
        droppedWrites === 1 ? 'change' : 'changes'
      } to it could not be sent. What you wrote in it is kept above the conversation list.`,
    );
  }
}
