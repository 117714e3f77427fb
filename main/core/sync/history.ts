import { ApiError } from '../api/api-error.ts';
import type { ApiMessage, Page } from '../api/messaging-api.ts';
import { transaction } from '../store/database.ts';
import { createPageAhead } from './page-ahead.ts';
import { isLocalIdSql } from '../store/local-id-sql.ts';
import { removeMessage } from '../store/record-upserts.ts';
import { statement } from '../store/statement-cache.ts';
import {
  markHistoryComplete,
  readHistoryProgress,
  saveHistoryProgress,
  type HistoryProgress,
} from './sync-progress.ts';
import {
  conversationGone,
  PAGE_SIZE,
  refreshConversationMessages,
  storeMessages,
  type RoundResult,
  type SyncContext,
} from './sync-steps.ts';

/**
 * Older history, one step at a time, after sign-in's first pages (see
 * sync-progress.ts for the two ways). The feed is paged one request ahead.
 */
export function createHistoryFetcher() {
  const feed = createPageAhead<ApiMessage>();

  async function feedStep(ctx: SyncContext, result: RoundResult, progress: HistoryProgress) {
    const started = ctx.clock.now();
    let page: Page<ApiMessage>;
    try {
      const fetched = await feed.next(progress.cursor, (cursor) =>
        ctx.api.listMessages({
          limit: PAGE_SIZE,
          startingAfter: cursor ?? undefined,
          signal: ctx.signal,
        }),
      );
      // A poll round since the request may have deleted what this page still shows: ask again.
      if (fetched.stale) return progress;
      page = fetched.page;
    } catch (error) {
      if (!(error instanceof ApiError && error.kind === 'not-found' && progress.cursor !== null)) {
        throw error;
      }
      const cursor = cursorAfter(ctx, progress.cursor);
      await dropIfGone(ctx, result, progress.cursor);
      return save(ctx, { ...progress, cursor });
    }
    if (page.cursorIgnored) {
      ctx.log.info(
        'history: the server does not page its message list; conversation by conversation',
      );
      return save(ctx, { ...progress, mode: 'per-conversation', cursor: null });
    }
    const next: HistoryProgress = {
      ...progress,
      cursor: page.nextCursor,
      done: !page.hasMore || page.nextCursor === null,
      pages: progress.pages + 1,
      items: progress.items + page.data.length,
    };
    await storeMessages(ctx, result, page.data, null, started, () =>
      saveHistoryProgress(ctx.db, next),
    );
    return next;
  }

  return {
    /**
     * A poll round begins: it deletes what the server no longer lists, so a
     * page requested before it is asked for again rather than stored after it.
     */
    roundStarted(): void {
      feed.invalidate();
    },
    /**
     * One page of the feed, or one conversation in full; resolves with the
     * progress after it (`done` once every conversation's history is here).
     */
    async step(
      ctx: SyncContext,
      result: RoundResult,
      perConversation: boolean,
    ): Promise<HistoryProgress> {
      const progress = readHistoryProgress(ctx.db);
      if (progress.done) return progress;
      if (progress.mode === 'feed' && (perConversation || ctx.api.traits.cursor === 'ignored')) {
        return save(ctx, { ...progress, mode: 'per-conversation', cursor: null });
      }
      return progress.mode === 'feed'
        ? feedStep(ctx, result, progress)
        : conversationStep(ctx, result, progress);
    },
  };
}

export type HistoryFetcher = ReturnType<typeof createHistoryFetcher>;

/** The next conversation whose history is not here yet, most recently active first. */
async function conversationStep(
  ctx: SyncContext,
  result: RoundResult,
  progress: HistoryProgress,
): Promise<HistoryProgress> {
  const row = statement(
    ctx.db,
    `SELECT id FROM conversations WHERE history_complete = 0 AND NOT ${isLocalIdSql('id')}
     ORDER BY is_pinned DESC, sort_at DESC, id LIMIT 1`,
  ).get() as { id: string } | undefined;
  if (!row) return save(ctx, { ...progress, done: true, cursor: null });
  const before = messageCount(ctx, row.id);
  try {
    await refreshConversationMessages(ctx, result, row.id, true);
  } catch (error) {
    if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
    conversationGone(ctx, result, row.id);
  }
  // What the server does not list (a list it cannot page past) cannot be fetched either.
  markHistoryComplete(ctx.db, row.id);
  return save(ctx, {
    ...progress,
    pages: progress.pages + 1,
    items: progress.items + Math.max(0, messageCount(ctx, row.id) - before),
  });
}

/**
 * The message the saved cursor names is no longer listed: page on from the
 * stored message just newer than it (a page repeats, none is skipped), or
 * from the top when it is not stored either.
 */
function cursorAfter(ctx: SyncContext, cursor: string): string | null {
  const newer = statement(
    ctx.db,
    `SELECT m.id FROM messages m, messages c
     WHERE c.id = ? AND NOT ${isLocalIdSql('m.id')}
       AND (m.created_at, m.id) > (c.created_at, c.id)
     ORDER BY m.created_at, m.id LIMIT 1`,
  ).get(cursor) as { id: string } | undefined;
  ctx.log.info('history: the message at the saved position is gone; going on', {
    from: newer ? 'the next newer message' : 'the top',
  });
  return newer?.id ?? null;
}

/** A paging cursor the server refused: when the message itself is gone there, it goes here too. */
export async function dropIfGone(ctx: SyncContext, result: RoundResult, messageId: string) {
  try {
    await ctx.api.getMessage(messageId, { signal: ctx.signal });
  } catch (error) {
    if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
    transaction(ctx.db, () => removeMessage(ctx.db, messageId, result.batch));
  }
}

function messageCount(ctx: SyncContext, conversationId: string): number {
  const row = statement(ctx.db, 'SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?').get(
    conversationId,
  ) as { n: number };
  return row.n;
}

function save(ctx: SyncContext, progress: HistoryProgress): HistoryProgress {
  saveHistoryProgress(ctx.db, progress);
  return progress;
}
