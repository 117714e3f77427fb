import { ApiError } from '../api/api-error.ts';
import type { ApiConversation } from '../api/messaging-api.ts';
import { listAll } from '../api/paginate.ts';
import { isLocalIdSql } from '../store/local-id-sql.ts';
import type { ConversationsPage } from './page-store.ts';
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
/** Pages of the conversation list being stored at most while the next is fetched. */
const STORING_AT_MOST = 8;

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
  const list = createListStore(ctx, result);
  try {
    let progress = readInitialProgress(ctx.db);
    for (let done = 0; progress.phase !== 'done' && done < options.maxPages; done++) {
      if (progress.phase === 'conversations') {
        progress = await conversationsPage(ctx, list, progress, options.conversationPages);
      } else {
        // The first conversations are the top of the list as stored.
        if (!(await list.landed())) return readInitialProgress(ctx.db);
        progress = await newestPages(ctx, result, progress, options);
      }
      options.onPage(progress);
    }
    return (await list.landed()) ? progress : readInitialProgress(ctx.db);
  } finally {
    // Failed or stopped too, no page is left under way: the engine's stop waits for the round
    // alone before the local data may be removed.
    await list.settle();
  }
}

/**
 * Pages of the conversation list on their way to the store, oldest first:
 * the next page is fetched while they are stored. Waiting for each page to
 * be stored before asking for the next held the list to the store's pace:
 * 0.32–0.39 s for 10,000 conversations, where paging them alone takes 0.1 s.
 */
function createListStore(ctx: SyncContext, result: RoundResult) {
  const storing: Promise<boolean>[] = [];
  /** Waits for every page sent, so none is under way once a step has ended. */
  const settle = () => Promise.allSettled(storing.splice(0));

  return {
    settle,
    /** Sends a page to be stored; false once a page before it turns out not stored. */
    async send(page: ConversationsPage): Promise<boolean> {
      const landing = ctx.storeConversations(page).then((changes) => {
        // The round's batch as it is when the page lands: each step hands the last one on.
        if (changes !== null) result.batch.absorb(changes);
        return changes !== null;
      });
      // Reported by whichever call waits for it.
      landing.catch(() => undefined);
      storing.push(landing);
      const oldest = storing.length > STORING_AT_MOST ? storing.shift() : undefined;
      // A store that failed rejects here; runInitialSync lets the pages after it land.
      const stored = oldest === undefined || (await oldest);
      // What was sent after it is not stored either: the list goes on from the saved progress.
      if (!stored) await settle();
      return stored;
    },
    /**
     * Waits for every page sent; false when one was not stored (the list goes
     * on from the saved progress). Rejects with the first store that failed.
     */
    async landed(): Promise<boolean> {
      const outcomes = await settle();
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed !== undefined) throw failed.reason;
      return outcomes.every((outcome) => outcome.status === 'fulfilled' && outcome.value);
    },
  };
}

type ListStore = ReturnType<typeof createListStore>;

async function conversationsPage(
  ctx: SyncContext,
  list: ListStore,
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
    if (!(await list.landed())) return readInitialProgress(ctx.db);
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
  return (await list.send({ conversations, from: progress, to: next }))
    ? next
    : readInitialProgress(ctx.db);
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
