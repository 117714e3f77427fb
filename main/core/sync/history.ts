import { ApiError } from '../api/api-error.ts';
import type { ApiMessage, Page } from '../api/messaging-api.ts';
import type { ChangesEvent } from '../../../shared/ipc/events.ts';
import { ChangeBatch } from '../events/change-batch.ts';
import { transaction } from '../store/database.ts';
import { createPageAhead } from './page-ahead.ts';
import { isLocalIdSql } from '../store/local-id-sql.ts';
import { removeMessage } from '../store/record-upserts.ts';
import { keyBase } from '../store/search-order.ts';
import { statement } from '../store/statement-cache.ts';
import { rememberingMissing } from '../store/stored-conversations.ts';
import {
  markHistoryComplete,
  readHistoryProgress,
  saveHistoryProgress,
  type HistoryProgress,
} from './sync-progress.ts';
import {
  conversationGone,
  PAGE_SIZE,
  fetchedPage,
  refreshConversationMessages,
  type RoundResult,
  type SyncContext,
} from './sync-steps.ts';

/**
 * Pages under way to the store at most: the history writer stores those
 * waiting together, in one transaction, while the next are fetched, and
 * answers them when it commits; twice the pages it holds in a transaction
 * (history-writer-thread.ts), so fetching goes on while it does.
 */
const STORING_AT_MOST = 64;

interface Stored {
  changes: Promise<ChangesEvent | null>;
  to: HistoryProgress;
}

async function absorbed(stored: Stored, batch: ChangeBatch): Promise<boolean> {
  const changes = await stored.changes;
  if (changes !== null) batch.absorb(changes);
  return changes !== null;
}

/**
 * Older history, one step at a time, after sign-in's first pages (see
 * sync-progress.ts for the two ways). The feed is paged one request ahead,
 * and pages are stored while the next are fetched: a step that sends a page
 * to the store waits for the oldest one under way once STORING_AT_MOST are.
 */
export function createHistoryFetcher() {
  const feed = createPageAhead<ApiMessage>();
  /** Pages sent to be stored, oldest first, each with history's progress once it is. */
  let storing: Stored[] = [];
  /** The conversations the feed's pages name that are not stored; those found are remembered. */
  let missing: ReturnType<typeof rememberingMissing> | null = null;

  /**
   * Waits for every page being stored, their changes into `batch`; false when
   * one was not stored (a failed store before it), so history goes on from
   * what is saved. Rejects when a store failed.
   */
  async function landed(batch: ChangeBatch): Promise<boolean> {
    let all = true;
    let failure: { error: unknown } | null = null;
    for (const page of storing.splice(0)) {
      try {
        all = (await absorbed(page, batch)) && all;
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure !== null) throw failure.error;
    return all;
  }

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
      page = fetched.page;
      // A poll round since the request may have deleted what this page still shows: ask again.
      if (fetched.stale) return settled(ctx, result);
    } catch (error) {
      if (!(error instanceof ApiError && error.kind === 'not-found' && progress.cursor !== null)) {
        throw error;
      }
      if (!(await landed(result.batch))) return readHistoryProgress(ctx.db);
      const cursor = cursorAfter(ctx, progress.cursor);
      await dropIfGone(ctx, result, progress.cursor);
      return save(ctx, { ...progress, cursor });
    }
    if (page.cursorIgnored) {
      if (!(await landed(result.batch))) return readHistoryProgress(ctx.db);
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
    missing ??= rememberingMissing(ctx.db);
    const fetched = await fetchedPage(ctx, page.data, null, started, missing);
    const changes = ctx.storeHistory({ ...fetched, from: progress, to: next });
    // Stored only if the pages before it are: a failure there is reported below.
    changes.catch(() => undefined);
    storing.push({ changes, to: next });
    const oldest = storing.length > STORING_AT_MOST ? storing.shift() : undefined;
    let stored: boolean;
    try {
      stored = oldest === undefined || (await absorbed(oldest, result.batch));
    } catch (error) {
      // Those after it are not stored either: history goes on from what is saved.
      storing = [];
      throw error;
    }
    if (!stored) {
      storing = [];
      return readHistoryProgress(ctx.db);
    }
    if (!next.done) return next;
    missing = null;
    return settled(ctx, result);
  }

  /** History's saved progress, once the pages under way are stored. */
  async function settled(ctx: SyncContext, result: RoundResult): Promise<HistoryProgress> {
    await landed(result.batch);
    return readHistoryProgress(ctx.db);
  }

  /**
   * Waits for the pages being stored; resolves with what they changed. Null
   * (no wait at all) when none is being stored.
   */
  function stored(): Promise<ChangeBatch> | null {
    if (storing.length === 0) return null;
    const batch = new ChangeBatch();
    // A store that failed is retried from the saved progress by the next step.
    return landed(batch).then(
      () => batch,
      () => batch,
    );
  }

  return {
    /**
     * A poll round begins: it deletes what the server no longer lists, so a
     * page requested before it is asked for again rather than stored after
     * it, and the pages being stored are waited for (see `stored`).
     */
    roundStarted(): Promise<ChangeBatch> | null {
      feed.invalidate();
      return stored();
    },
    stored,
    /**
     * One page of the feed, or one conversation in full; resolves with the
     * progress after it (`done` once every conversation's history is here).
     */
    async step(
      ctx: SyncContext,
      result: RoundResult,
      perConversation: boolean,
    ): Promise<HistoryProgress> {
      const progress = storing.at(-1)?.to ?? readHistoryProgress(ctx.db);
      const feedGoesOn =
        progress.mode === 'feed' &&
        !progress.done &&
        !perConversation &&
        ctx.api.traits.cursor !== 'ignored';
      if (feedGoesOn) return feedStep(ctx, result, progress);
      const saved = await settled(ctx, result);
      if (saved.done) return saved;
      if (saved.mode === 'feed' && (perConversation || ctx.api.traits.cursor === 'ignored')) {
        return save(ctx, { ...saved, mode: 'per-conversation', cursor: null });
      }
      return saved.mode === 'feed'
        ? feedStep(ctx, result, saved)
        : conversationStep(ctx, result, saved);
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
 * The message the saved cursor names is no longer listed: page on from a
 * stored message newer than it, the first in the keys' order, which is the
 * creation time's (a page or so repeats, none is skipped), or from the top
 * when it is not stored either.
 */
function cursorAfter(ctx: SyncContext, cursor: string): string | null {
  const newer = statement(
    ctx.db,
    `SELECT m.id FROM messages m, messages c
     WHERE c.id = ? AND m.seq >= ${keyBase('c.created_at')} AND NOT ${isLocalIdSql('m.id')}
       AND (m.created_at, m.id) > (c.created_at, c.id)
     ORDER BY m.seq LIMIT 1`,
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
