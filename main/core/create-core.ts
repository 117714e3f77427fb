import { join } from 'node:path';
import { CHANNEL_NAMES } from '../../shared/ipc/contract.ts';
import type { CoreEvent } from '../../shared/ipc/events.ts';
import { CoreError } from './ipc/core-error.ts';
import { createEventBus } from './events/event-bus.ts';
import { activityHandlers } from './ipc/handlers/activity-handlers.ts';
import { linksHandlers } from './ipc/handlers/links-handlers.ts';
import { settingsHandlers } from './ipc/handlers/settings-handlers.ts';
import { webhookHandlers } from './ipc/handlers/webhooks-handlers.ts';
import { createIpcRouter, type Handlers, type IpcRouter } from './ipc/router.ts';
import { systemClock, type CoreDeps } from './ports/ports.ts';
import { createSettingsService, type SettingsService } from './settings/settings-service.ts';
import { openDatabase, type Database } from './store/database.ts';
import { createActivityStore } from './webhooks/activity-store.ts';
import { createWebhookReceiver } from './webhooks/receiver.ts';
import { followReceiverSettings } from './webhooks/receiver-lifecycle.ts';

export interface Core {
  readonly router: IpcRouter;
  readonly settings: SettingsService;
  readonly db: Database;
  onEvent(listener: (event: CoreEvent) => void): () => void;
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
  const db = openDatabase(join(deps.dataDir, 'parley.db'));
  const settings = createSettingsService(deps.store, deps.log);
  const receiver = createWebhookReceiver({
    db,
    vault: deps.vault,
    dataDir: deps.dataDir,
    log: deps.log,
    emit: bus.emit,
    notifier: deps.notifier,
    getSettings: settings.get,
    clock,
  });
  const webhooks = followReceiverSettings(receiver, settings, deps.log);

  const handlers: Partial<Handlers> = {
    'session:get': async () => ({
      state: 'signed-out',
      baseUrl: null,
      demo: false,
      selfName: null,
    }),
    'status:get': async () => ({
      connection: 'offline',
      pendingWrites: 0,
      failedWrites: 0,
      initialSync: { done: false, pages: 0, items: 0 },
      lastSyncedAt: null,
      lastError: null,
    }),
    'app:activity': async () => ({}),
    ...settingsHandlers(settings, deps.vault),
    ...linksHandlers(deps.openExternal),
    ...activityHandlers(createActivityStore(db)),
    ...webhookHandlers({ receiver, vault: deps.vault, log: deps.log }),
  };
  const complete = Object.fromEntries(
    CHANNEL_NAMES.map((name) => [
      name,
      handlers[name] ??
        (async () => {
          throw new CoreError('unavailable', `${name} is not available yet`);
        }),
    ]),
  ) as Handlers;

  return {
    router: createIpcRouter(complete, deps.log),
    settings,
    db,
    onEvent: bus.subscribe,
    async start() {
      await webhooks.start();
    },
    async stop() {
      await webhooks.stop();
      db.close();
    },
  };
}
