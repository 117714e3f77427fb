import { ApiError } from '../api/api-error.ts';
import type { ApiConversation } from '../api/messaging-api.ts';
import { listAll } from '../api/paginate.ts';
import { isLocalIdSql } from '../store/local-id-sql.ts';
import { statement } from '../store/statement-cache.ts';
import type { PageAhead } from './page-ahead.ts';
import { readInitialProgress, saveInitialProgress, type InitialProgress } from './sync-progress.ts';
import {
  PAGE_SIZE,
  refreshConversationMessages,
  type RoundResult,
  type SyncContext,
} from './sync-steps.ts';

/**
 * What sign-in waits for, whatever the account's size: the conversation list,
 * then the newest page of the conversations the user looks at first (the top
 * of the list, and the one open). Older history follows in the background
 * (history.ts). Progress is saved with each page, so a restart goes on where
 * it stopped.
 */
export const FIRST_CONVERSATIONS = 20;
/** The newest pages are fetched this many at a time. */
const PARALLEL_FETCHES = 4;

export interface InitialSyncOptions {
  /** Kept by the caller across rounds, so the list stays a page ahead between them. */
  conversationPages: PageAhead<ApiConversation>;
  /** Asked before each step: a server's list order can become known along the way. */
  perConversation(): boolean;
  openConversationId: string | null;
  maxPages: number;
  onPage(progress: InitialProgress): void;
}

/** Runs up to `maxPages` steps; phase 'done' when the app is usable. */
export async function runInitialSync(
  ctx: SyncContext,
  result: RoundResult,
  options: InitialSyncOptions,
): Promise<InitialProgress> {
  let progress = readInitialProgress(ctx.db);
  for (let done = 0; progress.phase !== 'done' && done < options.maxPages; done++) {
    progress =
      progress.phase === 'conversations'
        ? await conversationsPage(ctx, result, progress, options.conversationPages)
        : await newestPages(ctx, result, progress, options);
    options.onPage(progress);
  }
  return progress;
}

async function conversationsPage(
  ctx: SyncContext,
  result: RoundResult,
  progress: InitialProgress,
  pages: PageAhead<ApiConversation>,
): Promise<InitialProgress> {
  let page;
  try {
    ({ page } = await pages.next(progress.cursor, (cursor) =>
      ctx.api.listConversations({
        limit: PAGE_SIZE,
        startingAfter: cursor ?? undefined,
        signal: ctx.signal,
      }),
    ));
  } catch (error) {
    // The conversation the saved cursor names was deleted meanwhile: the list starts over.
    if (!(error instanceof ApiError && error.kind === 'not-found' && progress.cursor !== null)) {
      throw error;
    }
    return save(ctx, { ...progress, cursor: null });
  }
  // A server that ignores the cursor lists its first page again: take the largest page it allows.
  const conversations = page.cursorIgnored
    ? (await listAll(ctx.api, 'conversations', { limit: PAGE_SIZE, signal: ctx.signal })).data
    : page.data;
  const next: InitialProgress =
    page.hasMore && page.nextCursor !== null
      ? { ...counted(progress, conversations.length), cursor: page.nextCursor }
      : { ...counted(progress, conversations.length), phase: 'recent', cursor: null };
  result.batch.absorb(await ctx.storeConversations({ conversations, to: next }));
  return next;
}

/** The newest page of the first conversations the user sees; with it the app is usable. */
async function newestPages(
  ctx: SyncContext,
  result: RoundResult,
  progress: InitialProgress,
  options: InitialSyncOptions,
): Promise<InitialProgress> {
  const ids = firstConversations(ctx, options.openConversationId);
  const perConversation = options.perConversation();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++] as string;
      try {
        await refreshConversationMessages(ctx, result, id, perConversation);
      } catch (error) {
        // Deleted since the list was fetched: the next list refresh drops it.
        if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
  return save(ctx, { ...counted(progress, ids.length), phase: 'done' });
}

/** The open conversation, then the top of the conversation list as the app shows it. */
function firstConversations(ctx: SyncContext, open: string | null): string[] {
  const top = (
    statement(
      ctx.db,
      `SELECT id FROM conversations
       WHERE is_archived = 0 AND NOT ${isLocalIdSql('id')}
       ORDER BY is_pinned DESC, sort_at DESC, id LIMIT ?`,
    ).all(FIRST_CONVERSATIONS) as { id: string }[]
  ).map((row) => row.id);
  const stored =
    open !== null && statement(ctx.db, 'SELECT 1 FROM conversations WHERE id = ?').get(open);
  return stored ? [open, ...top.filter((id) => id !== open)] : top;
}

function counted(progress: InitialProgress, items: number): InitialProgress {
  return { ...progress, pages: progress.pages + 1, items: progress.items + items };
}

function save(ctx: SyncContext, progress: InitialProgress): InitialProgress {
  saveInitialProgress(ctx.db, progress);
  return progress;
}
