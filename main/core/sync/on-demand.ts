import { ApiError } from '../api/api-error.ts';
import { isLocalIdSql } from '../store/local-id-sql.ts';
import { statement } from '../store/statement-cache.ts';
import { dropIfGone } from './history.ts';
import { markHistoryComplete, olderOnServer } from './sync-progress.ts';
import {
  conversationGone,
  PAGE_SIZE,
  refreshConversationMessages,
  storeMessages,
  type RoundResult,
  type SyncContext,
} from './sync-steps.ts';

/** A cursor refused this many times in a row (each message gone on the server) ends the attempt. */
const MAX_GONE_CURSORS = 3;

/**
 * The page of a conversation just older than what is stored, for a thread
 * scrolled past its stored history. Resolves whether the server may hold
 * still older messages.
 */
export async function fetchOlderMessages(
  ctx: SyncContext,
  result: RoundResult,
  conversationId: string,
  perConversation: boolean,
): Promise<boolean> {
  if (!olderOnServer(ctx.db, conversationId)) return false;
  try {
    if (perConversation || ctx.api.traits.cursor === 'ignored') {
      // Such a server has no way to ask for older pages: the conversation comes in full.
      await refreshConversationMessages(ctx, result, conversationId, true);
      markHistoryComplete(ctx.db, conversationId);
      return false;
    }
    for (let attempt = 0; attempt < MAX_GONE_CURSORS; attempt++) {
      const cursor = oldestStored(ctx, conversationId);
      if (cursor === null) {
        await refreshConversationMessages(ctx, result, conversationId, false);
        return olderOnServer(ctx.db, conversationId);
      }
      const started = ctx.clock.now();
      let page;
      try {
        page = await ctx.api.listMessages({
          conversationId,
          startingAfter: cursor,
          limit: PAGE_SIZE,
          signal: ctx.signal,
        });
      } catch (error) {
        if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
        await dropIfGone(ctx, result, cursor);
        continue;
      }
      if (page.cursorIgnored) return fetchOlderMessages(ctx, result, conversationId, true);
      const last = !page.hasMore;
      await storeMessages(ctx, result, page.data, null, started, () => {
        if (last) markHistoryComplete(ctx.db, conversationId);
      });
      return !last;
    }
    return olderOnServer(ctx.db, conversationId);
  } catch (error) {
    if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
    await confirmConversation(ctx, result, conversationId);
    return olderOnServer(ctx.db, conversationId);
  }
}

/** A message the server lists that is not stored here yet (a write on it must find it). */
export async function fetchMissingMessage(
  ctx: SyncContext,
  result: RoundResult,
  messageId: string,
): Promise<void> {
  const started = ctx.clock.now();
  const message = await ctx.api.getMessage(messageId, { signal: ctx.signal });
  await storeMessages(ctx, result, [message], null, started);
}

/** The oldest message of the conversation the server knows (a local one has no place in its list). */
function oldestStored(ctx: SyncContext, conversationId: string): string | null {
  const row = statement(
    ctx.db,
    `SELECT id FROM messages WHERE conversation_id = ? AND NOT ${isLocalIdSql('id')}
     ORDER BY created_at, id LIMIT 1`,
  ).get(conversationId) as { id: string } | undefined;
  return row?.id ?? null;
}

async function confirmConversation(ctx: SyncContext, result: RoundResult, id: string) {
  try {
    await ctx.api.getConversation(id, { signal: ctx.signal });
  } catch (error) {
    if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
    conversationGone(ctx, result, id);
  }
}
