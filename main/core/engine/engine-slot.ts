import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { SyncStatus } from '../../../shared/model/session.ts';
import type { Settings } from '../../../shared/model/settings.ts';
import { CoreError } from '../errors/core-error.ts';
import { counts } from '../store/outbox-entries.ts';
import type { Clock, Logger, Notifier } from '../ports/ports.ts';
import type { Database } from '../store/database.ts';
import type { Activity, HostState } from '../sync/poller.ts';
import { createSyncEngine, type SyncEngine } from './sync-engine.ts';
import type { SessionService, Workspace } from '../session/session-service.ts';
import type { NotificationResponses } from '../sync/incoming-notifications.ts';
import type { ConversationsStore, HistoryStore } from '../sync/page-store.ts';

/**
 * One sync engine per signed-in workspace: started when the session opens a
 * workspace, stopped when it leaves. What the renderer and the host report
 * (focus, open conversation, online, suspended) outlives engines, so a new
 * engine starts knowing it.
 */
export function createEngineSlot(deps: {
  db: Database;
  session: SessionService;
  clock: Clock;
  log: Logger;
  notifier: Notifier;
  responses?: NotificationResponses;
  emit(event: CoreEvent): void;
  getSettings(): Settings;
  /** See SyncEngineDeps. */
  catchUpLog?(quiet: () => Promise<void>): Promise<void>;
  /** See SyncEngineDeps. */
  storeHistory?: HistoryStore;
  /** See SyncEngineDeps. */
  storeConversations?: ConversationsStore;
  /** See SyncEngineDeps. */
  indexSearch?(): Promise<void>;
  /** See SyncEngineDeps. */
  expectLongHistory?(): void;
}) {
  let engine: SyncEngine | null = null;
  let activity: Activity = { focused: false, visible: false, openConversationId: null };
  let host: HostState = { online: true, suspended: false };
  let switching: Promise<void> = Promise.resolve();

  async function replace(workspace: Workspace | null): Promise<void> {
    const old = engine;
    engine = null;
    await old?.stop();
    if (!workspace) return;
    const next = createSyncEngine({
      db: deps.db,
      api: workspace.api,
      clock: deps.clock,
      log: deps.log,
      emit: deps.emit,
      notifier: deps.notifier,
      responses: deps.responses,
      getSettings: deps.getSettings,
      onUnauthorized: deps.session.markUnauthorized,
      catchUpLog: deps.catchUpLog,
      storeHistory: deps.storeHistory,
      storeConversations: deps.storeConversations,
      indexSearch: deps.indexSearch,
      expectLongHistory: deps.expectLongHistory,
    });
    next.setActivity(activity);
    next.setHostState(host);
    next.start();
    engine = next;
  }

  deps.session.onWorkspace((workspace) => {
    // A switch that fails leaves no engine (writes answer "sign in"), but must not wedge the
    // chain: every later switch waits on this promise. The session waits on it too before it
    // clears a workspace left: the old engine's last pages are stored by then.
    switching = switching
      .then(() => replace(workspace))
      .catch((error: unknown) =>
        deps.log.error('sync engine not started', { error: String(error) }),
      );
    return switching;
  });

  const signedOutStatus = (): SyncStatus => {
    const outbox = counts(deps.db);
    return {
      connection: deps.session.get().state === 'reauth-required' ? 'unauthorized' : 'offline',
      pendingWrites: outbox.pending,
      failedWrites: outbox.failed,
      initialSync: { done: false, pages: 0, items: 0 },
      history: { done: false, items: 0, indexed: true },
      lastSyncedAt: null,
      lastError: null,
    };
  };

  return {
    /**
     * The engine of the current workspace, once a switch under way has
     * settled; signed out, the renderer is asked to sign in.
     */
    async current(): Promise<SyncEngine> {
      await switching;
      if (!engine) throw new CoreError('unauthorized', 'Sign in to a server first.');
      return engine;
    },
    status: (): SyncStatus => engine?.status() ?? signedOutStatus(),
    /** What the renderer reports (focus, open conversation); kept for the next engine too. */
    setActivity(next: Activity): void {
      activity = next;
      engine?.setActivity(next);
    },
    setHostState(state: Partial<HostState>): void {
      host = { ...host, ...state };
      engine?.setHostState(state);
    },
    /** Resolves once the engine for the current workspace is running. */
    settled: () => switching,
    async stop(): Promise<void> {
      await switching;
      await replace(null);
    },
  };
}

export type EngineSlot = ReturnType<typeof createEngineSlot>;
