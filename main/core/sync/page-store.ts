import type { ApiConversation, ApiMessage } from '../api/messaging-api.ts';
import type { ChangesEvent } from '../../../shared/ipc/events.ts';
import { ChangeBatch } from '../events/change-batch.ts';
import { transaction, type Database } from '../store/database.ts';
import {
  SETTLE_CHUNK,
  settleDerivedPending,
  settleDerivedPendingInChunks,
} from '../store/derived-pending.ts';
import { deferringSearch } from '../store/search-backlog.ts';
import {
  reconcileConversations,
  reconcileMessages,
  type DerivedUpdate,
  type FetchedRange,
  type MessagesOutcome,
} from './reconciler.ts';
import {
  markHistoryComplete,
  readHistoryProgress,
  readInitialProgress,
  saveHistoryProgress,
  saveInitialProgress,
  type HistoryProgress,
  type InitialProgress,
} from './sync-progress.ts';

/**
 * A page of messages fetched from the server, with all it takes to store it:
 * plain data, so the history writer's thread can store it as well as the
 * main thread.
 */
export interface FetchedPage {
  /** Conversations of these messages that were not stored yet, fetched first. */
  conversations: ApiConversation[];
  messages: readonly ApiMessage[];
  range: FetchedRange | null;
  /** Ids the outbox confirmed since the fetch began: the page may not show them yet. */
  spare: string[];
  now: number;
}

/**
 * A page of background history (its range is the whole list's, null): stored
 * only if history's saved progress is still `from` (the page a failed store
 * before it left unstored must not be skipped over), and saved as `to` with
 * it, so a restart never skips or repeats a page.
 */
export interface HistoryPage extends FetchedPage {
  from: HistoryProgress;
  to: HistoryProgress;
}

/** Stores a fetched page in one transaction (joining the caller's, if one is open). */
export function storePage(
  db: Database,
  page: FetchedPage,
  batch: ChangeBatch,
  derived: DerivedUpdate = 'now',
): MessagesOutcome {
  return transaction(db, () => {
    reconcileConversations(db, page.conversations, false, new Set(), batch);
    const stored = reconcileMessages(
      db,
      page.messages,
      page.range,
      new Set(page.spare),
      batch,
      page.now,
      derived,
    );
    const { range } = page;
    if (range?.conversationId != null && range.after === null && range.before === null) {
      markHistoryComplete(db, range.conversationId);
    }
    return stored;
  });
}

/**
 * How often history settles the derived columns of the conversations its
 * pages touched (store/derived-pending.ts): a conversation's preview and
 * unread count lag its stored history by about this much, and a long history
 * computes each conversation once per spell instead of once per page.
 */
export const SETTLE_EVERY_MS = 5_000;

/** When each connection last settled, by the pages' clock. */
const lastSettled = new WeakMap<Database, number>();

/**
 * Stores pages of history in one transaction, in the order given; says of
 * each whether it was stored. A page is stored only where history's saved
 * progress (or the page stored before it here) ends: one that does not
 * follow is left out, as after a failed store before it. With `deferSearch`,
 * their messages are searchable once the search backlog is indexed
 * (store/search-backlog.ts). The derived columns of the conversations they
 * touch are settled every SETTLE_EVERY_MS, and with the page that completes
 * history, SETTLE_CHUNK of them at a time: the pages that follow settle the
 * rest, and the page that completes history leaves its caller to
 * (settleDerivedPendingInChunks).
 */
export function storeHistoryPages(
  db: Database,
  pages: readonly HistoryPage[],
  batch: ChangeBatch,
  deferSearch = false,
): boolean[] {
  return (deferSearch ? deferringSearch : transaction)(db, () => {
    let at = readHistoryProgress(db);
    const run = new Set<HistoryPage>();
    for (const page of pages) {
      if (page.from.cursor !== at.cursor || page.from.pages !== at.pages) continue;
      run.add(page);
      at = page.to;
    }
    if (run.size === 0) return pages.map(() => false);
    // One page as large as the run: history pages come newest first, each older than the last.
    const stored = [...run];
    const now = Math.max(...stored.map((page) => page.now));
    storePage(
      db,
      {
        conversations: stored.flatMap((page) => page.conversations),
        messages: stored.flatMap((page) => page.messages),
        range: null,
        spare: [...new Set(stored.flatMap((page) => page.spare))],
        now,
      },
      batch,
      'later',
    );
    const since = lastSettled.get(db);
    // A chunk with each page until none waits, so that no page's transaction holds the lock long.
    if (at.done || since === undefined || now - since >= SETTLE_EVERY_MS) {
      if (settleDerivedPending(db, batch, SETTLE_CHUNK) < SETTLE_CHUNK) lastSettled.set(db, now);
    }
    saveHistoryProgress(db, at);
    return pages.map((page) => run.has(page));
  });
}

/**
 * Stores a page of history somewhere (here, or on the history writer's
 * thread); resolves with what changed, or null when the page was not stored
 * (see HistoryPage).
 */
export type HistoryStore = (page: HistoryPage) => Promise<ChangesEvent | null>;

/**
 * A page of the conversation list fetched at sign-in, with the initial
 * sync's progress before it (`from`) and after it (`to`). The list is
 * fetched while the pages before are still being stored, so a page is stored
 * only where the saved progress ends: one after a page that failed to store
 * is left out, never stored past the gap.
 */
export interface ConversationsPage {
  conversations: ApiConversation[];
  from: InitialProgress;
  to: InitialProgress;
}

/**
 * Stores a page of the conversation list with the progress after it, in one
 * transaction; false, changing nothing, when the saved progress is not the
 * page's `from`.
 */
export function storeConversationsPage(
  db: Database,
  page: ConversationsPage,
  batch: ChangeBatch,
): boolean {
  return transaction(db, () => {
    const at = readInitialProgress(db);
    const { phase, cursor, pages } = page.from;
    if (at.phase !== phase || at.cursor !== cursor || at.pages !== pages) return false;
    reconcileConversations(db, page.conversations, false, new Set(), batch);
    saveInitialProgress(db, page.to);
    return true;
  });
}

/**
 * Stores a page of the conversation list somewhere (here, or on the history
 * writer's thread); resolves with what changed, or null when the page was
 * not stored (see ConversationsPage).
 */
export type ConversationsStore = (page: ConversationsPage) => Promise<ChangesEvent | null>;

/** The conversation list stored on this thread's own connection. */
export const storeConversationsHere =
  (db: Database): ConversationsStore =>
  async (page) => {
    const batch = new ChangeBatch();
    return storeConversationsPage(db, page, batch) ? batch.toEvent() : null;
  };

/** History stored on this thread's own connection (hosts without the writer thread). */
export const storeHistoryHere =
  (db: Database): HistoryStore =>
  async (page) => {
    const batch = new ChangeBatch();
    if (!storeHistoryPages(db, [page], batch)[0]) return null;
    if (page.to.done) settleDerivedPendingInChunks(db, batch);
    return batch.toEvent();
  };
