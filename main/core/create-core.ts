import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import type { CoreEvent } from '../../shared/ipc/events.ts';
import type { NavigationTarget } from '../../shared/model/desktop.ts';
import { createEventBus } from './events/event-bus.ts';
import { createNavigator } from './ipc/navigation.ts';
import { activityHandlers } from './ipc/handlers/activity-handlers.ts';
import { desktopHandlers } from './ipc/handlers/desktop-handlers.ts';
import { linksHandlers } from './ipc/handlers/links-handlers.ts';
import { outboxHandlers } from './ipc/handlers/outbox-handlers.ts';
import { relayHandlers } from './ipc/handlers/relay-handlers.ts';
import { sessionHandlers } from './ipc/handlers/session-handlers.ts';
import { secretPresence, settingsHandlers } from './ipc/handlers/settings-handlers.ts';
import { storeReadHandlers } from './ipc/handlers/store-read-handlers.ts';
import { syncHandlers } from './ipc/handlers/sync-handlers.ts';
import { webhookHandlers } from './ipc/handlers/webhooks-handlers.ts';
import { writeHandlers } from './ipc/handlers/write-handlers.ts';
import { notificationResponses } from './ipc/notification-responses.ts';
import { createIpcRouter, type Handlers, type IpcRouter } from './ipc/router.ts';
import { noDesktopHost } from './ports/node-adapters.ts';
import { systemClock, type CoreDeps } from './ports/ports.ts';
import { privateDir, tightenModes } from './ports/private-files.ts';
import { createDemoWorkspace } from './demo/demo-workspace.ts';
import { createEngineSlot } from './engine/engine-slot.ts';
import { createRelaySlot } from './engine/relay-slot.ts';
import { followSelfName } from './session/self-name.ts';
import { createSessionService, type SessionService } from './session/session-service.ts';
import { createSettingsService, type SettingsService } from './settings/settings-service.ts';
import { startCheckpointer, type Checkpointer } from './store/checkpointer.ts';
import { openDatabase, type Database } from './store/database.ts';
import { startMessagePurger } from './store/message-purge.ts';
import { startReadWorker } from './store/read-worker.ts';
import { startHistoryWriter } from './sync/history-writer.ts';
import type { HostState } from './sync/poller.ts';
import { followUnreadCount } from './sync/unread-count.ts';
import { createActivityLog } from './webhooks/activity-log.ts';
import { createDemoFeed } from './demo/demo-feed.ts';
import { createWebhookReceiver } from './webhooks/receiver.ts';
import { createRemoteImages, type RemoteImages } from './remote/remote-images.ts';
import { followReceiverSettings } from './webhooks/receiver-lifecycle.ts';
import { createHeapTrim } from './memory/heap-trim.ts';
import { memoryReducingGc } from './memory/memory-reducing-gc.ts';

export type { ImageAnswer } from './remote/remote-images.ts';

export interface Core {
  readonly router: IpcRouter;
  readonly settings: SettingsService;
  readonly db: Database;
  readonly session: SessionService;
  /** Remote pictures for the renderer, which the host serves at `/remote-image?url=` on its own origin. */
  readonly remoteImages: RemoteImages;
  onEvent(listener: (event: CoreEvent) => void): () => void;
  /** Online/offline and suspend/resume as the host sees them. */
  setHostState(state: Partial<HostState>): void;
  /** Shows a place named by a `parley://` link; false (and a notice) when it is not here. */
  navigate(target: NavigationTarget): boolean;
  /** A problem the host met that the user should know about (an autostart file it could not write). */
  notice(level: 'info' | 'warning' | 'error', message: string): void;
  /** Restores the last session (the demo workspace on first run) and starts syncing. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Builds the whole main-process core from host-provided ports. Nothing below
 * this function imports Electron, so tests, the preview and the CLI run the
 * very same code the app runs.
 */
export function createCore(deps: CoreDeps): Core {
  const clock = deps.clock ?? systemClock;
  const bus = createEventBus((error) =>
    deps.log.error('event listener failed', { error: String(error) }),
  );
  const heap = createHeapTrim({
    clock,
    collect: memoryReducingGc(),
    heapSize: () => getHeapStatistics().total_heap_size,
  });
  bus.subscribe(heap.busy);
  // The data directory (and what an older build left in it) is the owner's only.
  privateDir(deps.dataDir);
  tightenModes(deps.dataDir);
  const dbFile = join(deps.dataDir, 'parley.db');
  const db = openDatabase(dbFile);
  let checkpoints: Checkpointer | null = null;
  const reads = startReadWorker(db, dbFile, clock, deps.log);
  const historyWriter = startHistoryWriter(db, dbFile, clock, deps.log);
  const settings = createSettingsService(deps.preferences, deps.log);
  settings.onChange((current) => bus.emit({ type: 'settings', settings: current }));
  const desktop = deps.desktop ?? noDesktopHost;
  const activityLog = createActivityLog(db);
  const navigate = createNavigator(db, activityLog, bus.emit);
  let router: IpcRouter | null = null;
  const responses = notificationResponses({
    router: () => router as IpcRouter,
    navigate,
    emit: bus.emit,
    log: deps.log,
  });
  // Every way catalogue events arrive (the receiver, the user's relay, the demo's) stores and
  // announces them alike.
  const activityDeps = {
    db,
    vault: deps.vault,
    dataDir: deps.dataDir,
    log: deps.log,
    emit: bus.emit,
    notifier: deps.notifier,
    getSettings: settings.get,
    clock,
  };
  const receiver = createWebhookReceiver(activityDeps);
  const webhooks = followReceiverSettings(receiver, settings, deps.log);
  const relay = createRelaySlot({ ...activityDeps, settings });
  const demoFeed = createDemoFeed(activityDeps);

  const remoteImages = createRemoteImages({
    dataDir: deps.dataDir,
    trustedOrigin: () => {
      const workspace = session.workspace();
      return workspace === null ? null : new URL(workspace.baseUrl).origin;
    },
    log: deps.log,
  });
  const session = createSessionService({
    db,
    vault: deps.vault,
    preferences: deps.preferences,
    demo: createDemoWorkspace({
      dataDir: deps.dataDir,
      vault: deps.vault,
      log: deps.log,
      feed: demoFeed,
      services: deps.demo,
      clock,
    }),
    log: deps.log,
    emit: bus.emit,
    onLocalDataCleared: () => void remoteImages.clear(),
  });
  const engines = createEngineSlot({
    db,
    session,
    clock,
    log: deps.log,
    notifier: deps.notifier,
    responses,
    emit: bus.emit,
    getSettings: settings.get,
    catchUpLog: async (quiet) => checkpoints?.catchUp(quiet),
    storeHistory: historyWriter.store,
    storeConversations: historyWriter.storeConversations,
    indexSearch: historyWriter.indexSearch,
    expectLongHistory: () => void historyWriter.warm(),
  });
  const unread = followUnreadCount({
    db,
    notifier: deps.notifier,
    clock,
    subscribe: bus.subscribe,
  });
  const purger = startMessagePurger({ db, subscribe: bus.subscribe, log: deps.log });
  const stopSelfName = followSelfName({ db, session, emit: bus.emit, subscribe: bus.subscribe });
  const stopUpdateEvents = desktop.updates.onChange((state) => bus.emit({ type: 'update', state }));

  const presence = () =>
    secretPresence(deps.vault, {
      baseUrl: session.get().baseUrl,
      catalogueUrl: settings.get().webhooks.catalogueUrl,
    });
  const handlers: Handlers = {
    ...sessionHandlers(session),
    ...writeHandlers(engines),
    ...outboxHandlers(engines),
    ...syncHandlers(engines, heap),
    ...settingsHandlers(settings, presence),
    ...linksHandlers(deps.openExternal, remoteImages),
    ...activityHandlers(activityLog),
    ...webhookHandlers({ receiver, settings, vault: deps.vault, presence, log: deps.log }),
    ...relayHandlers({ relay, demoStatus: demoFeed.status }),
    ...storeReadHandlers(db, { clock, emit: bus.emit, read: reads }),
    ...desktopHandlers(desktop, db),
  };
  router = createIpcRouter(handlers, deps.log);

  return {
    router,
    settings,
    db,
    session,
    remoteImages,
    onEvent: bus.subscribe,
    setHostState(state) {
      engines.setHostState(state);
      relay.setHostState(state);
      demoFeed.setHostState(state);
    },
    navigate,
    notice: (level, message) => bus.emit({ type: 'notice', level, message }),
    async start() {
      checkpoints = startCheckpointer(db, dbFile, clock, deps.log);
      unread.refresh();
      purger.run();
      await Promise.all([session.start(), webhooks.start(), relay.start()]);
      await engines.settled();
    },
    async stop() {
      heap.stop();
      unread.stop();
      stopSelfName();
      stopUpdateEvents();
      await engines.stop();
      await Promise.all([checkpoints?.stop(), reads.stop(), historyWriter.stop(), purger.stop()]);
      await Promise.all([session.stop(), webhooks.stop(), relay.stop()]);
      db.close();
    },
  };
}
