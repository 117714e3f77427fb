import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { Settings } from '../../../shared/model/settings.ts';
import { isLocalId } from '../../../shared/model/local-id.ts';
import { ApiError, defaultMessage } from '../api/api-error.ts';
import { backoffDelay, POLL_BACKOFF } from '../api/backoff.ts';
import type { ApiConversation, MessagingApi } from '../api/messaging-api.ts';
import { ChangeBatch } from '../events/change-batch.ts';
import { discardEntry, retryEntry } from '../outbox/discard.ts';
import { createLocalWrites, type WriteResult } from '../outbox/local-writes.ts';
import { createOutboxRunner } from '../outbox/outbox-runner.ts';
import { lookForDeliveredSends } from '../store/outbox-entries.ts';
import { listOutbox } from '../outbox/outbox-view.ts';
import { retargetConversation } from '../outbox/retarget.ts';
import { expireTimedMutes, nextMuteExpiry } from '../outbox/timed-mutes.ts';
import type { Clock, Logger, Notifier } from '../ports/ports.ts';
import type { Database } from '../store/database.ts';
import { settleDerivedPendingInChunks } from '../store/derived-pending.ts';
import { recentlyActive } from '../store/record-upserts.ts';
import { createHistoryFetcher } from '../sync/history.ts';
import {
  storeConversationsHere,
  storeHistoryHere,
  type ConversationsStore,
  type HistoryStore,
} from '../sync/page-store.ts';
import { indexSearchBacklogInTurns } from '../store/search-backlog.ts';
import {
  announceIncoming,
  planIncoming,
  type NotificationResponses,
} from '../sync/incoming-notifications.ts';
import { runInitialSync } from '../sync/initial-sync.ts';
import { fetchOlderMessages } from '../sync/on-demand.ts';
import { createPageAhead } from '../sync/page-ahead.ts';
import { createPoller, type Activity, type HostState } from '../sync/poller.ts';
import { readInitialProgress } from '../sync/sync-progress.ts';
import {
  conversationGone,
  pollRecentMessages,
  refreshConversationMessages,
  refreshConversations,
  type RoundResult,
  type SyncContext,
} from '../sync/sync-steps.ts';
import { createChangeAnnouncer } from './change-announcer.ts';
import { createHistoryRunner } from './history-runner.ts';
import { createOnDemandRequests } from './on-demand-requests.ts';
import { createSyncStatus } from './sync-status.ts';
import { createStrategyChooser } from './sync-strategy.ts';

export interface SyncEngineDeps {
  db: Database;
  api: MessagingApi;
  clock: Clock;
  log: Logger;
  emit(event: CoreEvent): void;
  notifier: Notifier;
  /**
   * What a notification's click, reply and "Mark as read" do; absent where no
   * one can answer a notification (the CLI, benchmarks), which then offers none.
   */
  responses?: NotificationResponses;
  getSettings(): Settings;
  /** The server refused the token: the session asks the user to sign in again. */
  onUnauthorized?(): void;
  /**
   * Offered between history steps: the core's checkpointer may finish
   * copying the write-ahead log then, once `quiet()` has let the pages being
   * stored land, so the log starts over instead of growing for as long as
   * the sync runs.
   */
  catchUpLog?(quiet: () => Promise<void>): Promise<void>;
  /** Where background history is stored: the core's writer thread; this thread's connection if absent. */
  storeHistory?: HistoryStore;
  /** Where the initial sync's conversation list is stored: the same. */
  storeConversations?: ConversationsStore;
  /**
   * Indexes for search what the history writer stored unindexed
   * (store/search-backlog.ts); resolves once it is all searchable. Here, a
   * chunk per turn, if absent.
   */
  indexSearch?(): Promise<void>;
  /**
   * The conversation list takes more than a page, so history will be long:
   * where it is stored gets ready for it (the writer's thread loads while
   * the list is stored).
   */
  expectLongHistory?(): void;
}

/** Pages of the initial sync per round, so a long first sync still lets rounds report progress. */
const INITIAL_PAGES_PER_ROUND = 25;
/** How long ids the outbox confirmed are remembered, for lists fetched while they were confirmed. */
const CONFIRMED_MEMORY_MS = 10 * 60_000;

/**
 * The sync side of the core: the poller that stands in for server events,
 * reconciliation of what it fetches, the durable outbox, and the status the
 * renderer shows. `writes` apply a user's change locally, queue it and emit
 * one `changes` event; the outbox takes it to the server.
 */
export function createSyncEngine(deps: SyncEngineDeps) {
  const { db, api, clock, log, emit } = deps;
  const confirmed = new Map<string, number>();
  const chooseStrategy = createStrategyChooser(api, log);
  const perConversation = () => chooseStrategy() === 'per-conversation';
  /** The server's own words when it refused the token (bounded by the error reader). */
  let tokenRejection: string | null = null;
  let lastConversationsAt = Number.NEGATIVE_INFINITY;
  let conversationsWanted = true;
  let abort = new AbortController();
  let muteTimer: { cancel(): void } | null = null;
  /** Once stopped, nothing may touch the database again: the core closes it next. */
  let stopped = false;
  /** Conversations to fetch in full next round (a discarded local delete brings them back). */
  const refetch = new Set<string>();

  const changes = createChangeAnnouncer(emit, clock);
  /** What sync, history and the outbox changed (what the user did goes out with `changes.now`). */
  const emitChanges = changes.later;
  const emitNotices = (result: RoundResult) => {
    for (const message of result.notices) emit({ type: 'notice', level: 'warning', message });
  };
  const status = createSyncStatus({ db, clock, emit });

  function unauthorized(error: unknown): void {
    outbox.setPaused(true);
    tokenRejection =
      error instanceof ApiError &&
      error.status !== null &&
      error.message !== defaultMessage('unauthorized')
        ? error.message
        : null;
    status.setConnection(
      'unauthorized',
      tokenRejection === null
        ? 'The server did not accept the access token; sign in again'
        : `The server did not accept the access token (“${tokenRejection}”); sign in again`,
    );
    deps.onUnauthorized?.();
  }

  const outbox = createOutboxRunner({
    db,
    api,
    clock,
    log,
    onChanges(batch) {
      const now = clock.now();
      for (const { to } of batch.toEvent().replacedIds) confirmed.set(to, now);
      emitChanges(batch);
    },
    onNotice: (message) => emit({ type: 'notice', level: 'warning', message }),
    onSettled: status.publishSoon,
    // A drained outbox is shown at once: "Sending…" does not linger for a batch's delay.
    onIdle: status.publish,
    onUnauthorized: unauthorized,
    onReachable(reachable) {
      if (reachable && status.connection !== 'online') status.setConnection('online', null);
      else if (!reachable && status.connection === 'online') status.setConnection('offline');
    },
  });

  const storeHistory = deps.storeHistory ?? storeHistoryHere(db);
  const storeConversations = deps.storeConversations ?? storeConversationsHere(db);
  const indexSearch = deps.indexSearch ?? (() => indexSearchBacklogInTurns(db, () => stopped));
  /** Once history rests, its messages become searchable; the status says when they all are. */
  const indexHistory = () =>
    void indexSearch().then(status.publishSoon, (error: unknown) =>
      log.error('indexing history for search failed', { error: String(error) }),
    );
  const context = (): SyncContext => ({
    db,
    api,
    clock,
    log,
    signal: abort.signal,
    storeHistory,
    storeConversations,
    confirmedSince(since) {
      const ids = new Set<string>();
      for (const [id, at] of confirmed) {
        if (at < clock.now() - CONFIRMED_MEMORY_MS) confirmed.delete(id);
        else if (at >= since) ids.add(id);
      }
      return ids;
    },
  });

  /**
   * Whether sign-in's first pages are done: once they are, they stay done for
   * this engine (a new session starts a new one), so history's steps stop
   * reading the saved progress to ask.
   */
  let initialDone = false;
  const initialSyncDone = () => (initialDone ||= readInitialProgress(db).phase === 'done');

  const conversationPages = createPageAhead<ApiConversation>();
  const newResult = (): RoundResult => ({ batch: new ChangeBatch(), incoming: [], notices: [] });

  async function round(): Promise<void> {
    expireMutes();
    const ctx = context();
    const result = newResult();
    const open = poller.activity.openConversationId;
    try {
      if (!initialSyncDone()) {
        const progress = await runInitialSync(ctx, result, {
          conversationPages,
          perConversation,
          openConversationId: open !== null && !isLocalId(open) ? open : null,
          maxPages: INITIAL_PAGES_PER_ROUND,
          onPage: (progress) => {
            // The list goes on past this page: history will be long.
            if (progress.phase === 'conversations') deps.expectLongHistory?.();
            emitChanges(result.batch);
            result.batch = new ChangeBatch();
            status.publish();
          },
        });
        // History is not news: nothing from the initial sync raises a notification.
        result.incoming = [];
        if (progress.phase !== 'done') void poller.runNow();
        else {
          // The whole conversation list was just fetched: the next refresh is a period away.
          lastConversationsAt = clock.now();
          conversationsWanted = false;
        }
      } else if (!perConversation()) {
        await pollRecentMessages(ctx, result);
        if (open !== null && !isLocalId(open)) await refreshOpen(ctx, result, open, false);
        if (conversationsDue()) await refreshList(ctx, result);
        for (const id of refetch) {
          refetch.delete(id);
          await refreshOpen(ctx, result, id, true);
        }
      } else {
        const active = await refreshList(ctx, result);
        const wanted = new Set([...active, ...recentlyActive(db), ...refetch]);
        refetch.clear();
        if (open !== null && !isLocalId(open)) wanted.add(open);
        for (const id of wanted) await refreshOpen(ctx, result, id, true);
      }
      lookForDeliveredSends(db, result.batch.toEvent().threads);
    } finally {
      emitChanges(result.batch);
      emitNotices(result);
    }
    const plan = planIncoming(
      db,
      deps.getSettings(),
      poller.activity,
      result.incoming,
      clock.now(),
    );
    announceIncoming(deps.notifier, plan, deps.responses ?? null);
    status.synced();
    const reconnected = status.connection !== 'online';
    status.setConnection('online', null);
    outbox.setPaused(false);
    history.wake();
    // The server answers again: writes waiting out a backoff from the outage go now, not later.
    if (reconnected) outbox.wake();
    else outbox.kick();
  }

  async function refreshOpen(ctx: SyncContext, result: RoundResult, id: string, all: boolean) {
    try {
      await refreshConversationMessages(ctx, result, id, all);
    } catch (error) {
      if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
      conversationGone(ctx, result, id);
    }
  }

  async function refreshList(ctx: SyncContext, result: RoundResult): Promise<string[]> {
    lastConversationsAt = clock.now();
    conversationsWanted = false;
    return refreshConversations(ctx, result);
  }

  const conversationsDue = () =>
    conversationsWanted ||
    clock.now() - lastConversationsAt >= deps.getSettings().polling.conversationsMs;

  /**
   * What history's pages left waiting (store/derived-pending.ts) once it
   * ends another way than with its last page, or was cut off by a crash.
   */
  function settleHistory(): void {
    const batch = new ChangeBatch();
    if (settleDerivedPendingInChunks(db, batch) > 0) emitChanges(batch);
  }

  const historyFetcher = createHistoryFetcher();
  /** Announces the pages of history that were being stored, once they are; nothing to wait for when null. */
  async function landed(pages: Promise<ChangeBatch> | null): Promise<void> {
    if (pages !== null) emitChanges(await pages);
  }
  /** Older history in the background, a step at a time, never during a round or a user's request. */
  const history = createHistoryRunner({
    clock,
    async step() {
      const result = newResult();
      await deps.catchUpLog?.(() => landed(historyFetcher.stored()));
      let done = false;
      try {
        done = (await historyFetcher.step(context(), result, perConversation())).done;
        return !done;
      } finally {
        emitChanges(result.batch);
        emitNotices(result);
        if (done) {
          settleHistory();
          // The moment history is all here is shown at once, not with the next batch.
          status.publish();
          indexHistory();
        } else status.publishSoon();
      }
    },
    ready: () =>
      !stopped && !poller.isStopped && status.connection === 'online' && initialSyncDone(),
    retryDelay(error, failures) {
      if (error instanceof ApiError && error.kind === 'unauthorized') return null;
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiError)
        log.warn('history fetch failed', { kind: error.kind, message });
      else log.error('history fetch failed', { error: message });
      const retryAfter = error instanceof ApiError ? error.retryAfterMs : null;
      return backoffDelay(POLL_BACKOFF, failures, retryAfter);
    },
  });
  const onDemand = createOnDemandRequests({ db, history, context, emitChanges: changes.now });

  function expireMutes(): void {
    muteTimer?.cancel();
    if (stopped) return;
    const batch = expireTimedMutes(db, clock.now());
    if (!batch.isEmpty) {
      emitChanges(batch);
      outbox.kick();
      status.publish();
    }
    const next = nextMuteExpiry(db);
    muteTimer =
      next === null ? null : clock.setTimeout(expireMutes, Math.max(0, next - clock.now()));
  }

  const poller = createPoller({
    clock,
    polling: () => deps.getSettings().polling,
    round: () =>
      history.ahead(async () => {
        await landed(historyFetcher.roundStarted());
        return round();
      }),
    classify(error) {
      const kind = error instanceof ApiError ? error.kind : null;
      if (kind === 'unauthorized') {
        unauthorized(error);
        return { stop: true };
      }
      const message = error instanceof Error ? error.message : String(error);
      if (!(error instanceof ApiError)) log.error('sync round failed', { error: message });
      else log.warn('sync round failed', { kind, message });
      const offline = kind === 'network' || kind === 'timeout';
      status.setConnection(offline ? 'offline' : status.connection, message);
      return { stop: false, retryAfterMs: error instanceof ApiError ? error.retryAfterMs : null };
    },
  });

  /** Applies a local write: emit its changes, update counts, start sending. */
  function applied<T>(result: WriteResult<T>): T {
    changes.now(result.batch);
    status.publish();
    outbox.kick();
    return result.value;
  }

  const local = createLocalWrites(db, () => clock.now());
  const onMessage = onDemand.onMessage;

  return {
    /** What the server said when it last refused the token, in its own words; null if it did not. */
    tokenRejection: (): string | null => tokenRejection,
    start(): void {
      abort = new AbortController();
      settleHistory();
      outbox.start();
      expireMutes();
      poller.start();
      history.start();
      indexHistory();
      status.publish();
    },
    async stop(): Promise<void> {
      stopped = true;
      abort.abort();
      await Promise.allSettled([poller.stop(), outbox.stop(), history.stop()]);
      // Pages of history still being stored land before the engine is gone (and local data
      // may be cleared).
      await landed(historyFetcher.stored());
      // After the work above settles: a round or a send finishing late may have set these again.
      muteTimer?.cancel();
      changes.stop();
      status.stop();
    },
    /** One round now, then whatever the outbox can send. */
    async syncNow(): Promise<void> {
      conversationsWanted = true;
      await poller.runNow();
      await outbox.flush();
    },
    setActivity(activity: Activity): void {
      if (activity.focused && !poller.activity.focused) conversationsWanted = true;
      poller.setActivity(activity);
    },
    setHostState(state: Partial<HostState>): void {
      poller.setHostState(state);
      const offline = state.online === false || state.suspended === true;
      outbox.setPaused(offline);
      if (offline) status.setConnection('offline');
      else outbox.wake();
    },
    history: {
      /**
       * The page of a conversation older than what is stored, from the server.
       * Resolves whether still older messages may be there.
       */
      fetchOlder: (conversationId: string) =>
        onDemand.request((ctx, result) =>
          fetchOlderMessages(ctx, result, conversationId, perConversation()),
        ),
      /** Resolves once the background history stops for now (done, offline, or after a failure). */
      settled: () => history.settled(),
    },
    status: status.read,
    writes: {
      send: (input: { conversationId: string; text: string; attachments: unknown[] }) =>
        applied(local.send(input)),
      edit: (messageId: string, text: string) =>
        onMessage(messageId, () => applied(local.edit(messageId, text))),
      react: (messageId: string, reaction: string, add: boolean, as: string | null = null) =>
        onMessage(messageId, () => applied(local.react(messageId, reaction, add, as))),
      setAttachments: (messageId: string, attachments: unknown[]) =>
        onMessage(messageId, () => applied(local.setAttachments(messageId, attachments))),
      deleteMessage: (messageId: string) =>
        onMessage(messageId, () => applied(local.deleteMessage(messageId))),
      pinMessage: (conversationId: string, messageId: string | null) => {
        const pin = () => applied(local.pinMessage(conversationId, messageId));
        return messageId === null ? onDemand.now(pin) : onMessage(messageId, pin);
      },
      setPinned: (id: string, pinned: boolean) => applied(local.setPinned(id, pinned)),
      setMuted: (id: string, muted: boolean, forMs: number | null) => {
        const value = applied(local.setMuted(id, muted, forMs));
        expireMutes();
        return value;
      },
      setArchived: (id: string, archived: boolean) => applied(local.setArchived(id, archived)),
      openOrCreateConversation: (target: { contactId: string } | { groupId: string }) =>
        applied(local.openOrCreateConversation(target)),
      deleteConversation: (id: string) => applied(local.deleteConversation(id)),
      retargetConversation: (id: string, target: { contactId: string } | { groupId: string }) =>
        applied(retargetConversation(db, id, target)),
    },
    outbox: {
      list: () => listOutbox(db),
      retry(id: number): void {
        retryEntry(db, id);
        status.publish();
        outbox.kick();
      },
      discard(id: number): void {
        const { batch, refetchConversation } = discardEntry(db, id);
        changes.now(batch);
        status.publish();
        if (refetchConversation !== null) {
          conversationsWanted = true;
          refetch.add(refetchConversation);
          void poller.runNow();
        }
      },
      /** Sends what is due now; resolves once nothing more can be sent for the moment. */
      flush: () => outbox.flush(),
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
