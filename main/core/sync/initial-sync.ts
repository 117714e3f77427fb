import { z } from 'zod';
import { ApiError } from '../api/api-error.ts';
import { transaction } from '../store/database.ts';
import { readKey, writeKey } from '../store/meta-keys.ts';
import { reconcileConversations } from './reconciler.ts';
import { PAGE_SIZE, storeMessages, type RoundResult, type SyncContext } from './sync-steps.ts';
import { statement } from '../store/statement-cache.ts';
import { isLocalIdSql } from '../store/local-id-sql.ts';

/**
 * The first sync of an account, page by page. Progress (phase, cursor, pages,
 * items) is saved with each page in the same transaction, so a restart goes on
 * where it stopped; reads of what is already stored never wait for it.
 */
const progressSchema = z.object({
  phase: z.enum(['conversations', 'messages', 'done']),
  cursor: z.string().nullable(),
  /** Per-conversation strategy: conversations (by id) already fetched in full. */
  lastConversationId: z.string().nullable(),
  /** The strategy the messages phase runs with; its cursors mean nothing to the other. */
  perConversation: z.boolean().default(false),
  pages: z.number().int().nonnegative(),
  items: z.number().int().nonnegative(),
});
export type InitialSyncProgress = z.infer<typeof progressSchema>;

const KEY = 'initial_sync';
const FRESH: InitialSyncProgress = {
  phase: 'conversations',
  cursor: null,
  lastConversationId: null,
  perConversation: false,
  pages: 0,
  items: 0,
};

export function readInitialProgress(ctx: Pick<SyncContext, 'db'>): InitialSyncProgress {
  const stored = readKey(ctx.db, 'sync_state', KEY);
  if (stored === null) return FRESH;
  try {
    return progressSchema.parse(JSON.parse(stored));
  } catch {
    return FRESH;
  }
}

function save(ctx: SyncContext, progress: InitialSyncProgress): void {
  writeKey(ctx.db, 'sync_state', KEY, JSON.stringify(progress));
}

/**
 * Runs up to `maxPages` pages of the initial sync and returns the progress;
 * phase 'done' when finished. `onPage` reports progress after each page.
 */
export async function runInitialSync(
  ctx: SyncContext,
  result: RoundResult,
  options: {
    perConversation: boolean;
    maxPages: number;
    onPage(progress: InitialSyncProgress): void;
  },
): Promise<InitialSyncProgress> {
  let progress = readInitialProgress(ctx);
  if (progress.phase === 'messages' && progress.perConversation !== options.perConversation) {
    // The server's list order became known meanwhile: the messages phase starts over.
    progress = { ...progress, ...messagesPhase(options.perConversation) };
    save(ctx, progress);
  }
  for (let done = 0; progress.phase !== 'done' && done < options.maxPages; done++) {
    try {
      progress = await nextPage(ctx, result, progress, options.perConversation);
    } catch (error) {
      // The record the saved cursor names was deleted meanwhile: start that phase over.
      if (!(error instanceof ApiError && error.kind === 'not-found' && progress.cursor !== null)) {
        throw error;
      }
      progress = { ...progress, cursor: null };
      save(ctx, progress);
    }
    options.onPage(progress);
  }
  return progress;
}

async function nextPage(
  ctx: SyncContext,
  result: RoundResult,
  progress: InitialSyncProgress,
  perConversation: boolean,
): Promise<InitialSyncProgress> {
  const startingAfter = progress.cursor ?? undefined;
  const started = ctx.clock.now();
  const counted = (items: number) => ({
    ...progress,
    pages: progress.pages + 1,
    items: progress.items + items,
  });
  if (progress.phase === 'conversations') {
    const page = await ctx.api.listConversations({
      limit: PAGE_SIZE,
      startingAfter,
      signal: ctx.signal,
    });
    const next = hasNext(page)
      ? { ...counted(page.data.length), cursor: page.nextCursor }
      : { ...counted(page.data.length), ...messagesPhase(perConversation) };
    transaction(ctx.db, () => {
      reconcileConversations(ctx.db, page.data, false, new Set(), result.batch);
      save(ctx, next);
    });
    return next;
  }

  const conversationId = progress.perConversation ? currentConversation(ctx, progress) : undefined;
  if (progress.perConversation && conversationId === undefined) {
    const finished = { ...progress, phase: 'done' as const, cursor: null };
    save(ctx, finished);
    return finished;
  }
  const page = await ctx.api.listMessages({
    conversationId,
    limit: PAGE_SIZE,
    startingAfter,
    signal: ctx.signal,
  });
  let next: InitialSyncProgress = { ...counted(page.data.length), cursor: page.nextCursor };
  if (!hasNext(page)) {
    next = progress.perConversation
      ? { ...next, cursor: null, lastConversationId: conversationId ?? null }
      : { ...next, cursor: null, phase: 'done' };
  }
  await storeMessages(ctx, result, page.data, null, started);
  save(ctx, next);
  return next;
}

function messagesPhase(perConversation: boolean) {
  return {
    phase: 'messages' as const,
    cursor: null,
    lastConversationId: null,
    perConversation,
  };
}

function hasNext(page: { hasMore: boolean; nextCursor: string | null }): boolean {
  return page.hasMore && page.nextCursor !== null;
}

/** Per-conversation strategy: the conversation after the last one fetched in full. */
function currentConversation(ctx: SyncContext, progress: InitialSyncProgress): string | undefined {
  return (
    statement(
      ctx.db,
      `SELECT id FROM conversations WHERE id > ? AND NOT ${isLocalIdSql('id')}
         ORDER BY id LIMIT 1`,
    ).get(progress.lastConversationId ?? '') as { id: string } | undefined
  )?.id;
}
