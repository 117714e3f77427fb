import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { SyncStatus } from '../../../shared/model/session.ts';
import type { Settings } from '../../../shared/model/settings.ts';
import { CoreError } from '../errors/core-error.ts';
import { outboxHandlers } from '../ipc/handlers/outbox-handlers.ts';
import { syncHandlers } from '../ipc/handlers/sync-handlers.ts';
import { writeHandlers } from '../ipc/handlers/write-handlers.ts';
import type { Handlers } from '../ipc/router.ts';
import { counts } from '../outbox/outbox-store.ts';
import type { Clock, Logger, Notifier } from '../ports/ports.ts';
import type { Database } from '../store/database.ts';
import type { Activity, HostState } from '../sync/poller.ts';
import { createSyncEngine, type SyncEngine } from '../sync/sync-engine.ts';
import type { SessionService, Workspace } from './session-service.ts';

const ENGINE_CHANNELS = [
  'messages:send',
  'messages:edit',
  'messages:react',
  'messages:delete',
  'conversations:create',
  'conversations:setPinned',
  'conversations:setMuted',
  'conversations:setArchived',
  'conversations:delete',
  'conversations:pinMessage',
  'orders:messageCustomer',
  'outbox:list',
  'outbox:retry',
  'outbox:discard',
  'sync:now',
] as const satisfies readonly (keyof Handlers)[];
type EngineChannel = (typeof ENGINE_CHANNELS)[number];

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
  emit(event: CoreEvent): void;
  getSettings(): Settings;
}) {
  let engine: SyncEngine | null = null;
  let handlers: Pick<Handlers, EngineChannel> | null = null;
  let activity: Activity = { focused: false, visible: false, openConversationId: null };
  let host: HostState = { online: true, suspended: false };
  let switching: Promise<void> = Promise.resolve();

  async function replace(workspace: Workspace | null): Promise<void> {
    const old = engine;
    engine = null;
    handlers = null;
    await old?.stop();
    if (!workspace) return;
    const next = createSyncEngine({
      db: deps.db,
      api: workspace.api,
      clock: deps.clock,
      log: deps.log,
      emit: deps.emit,
      notifier: deps.notifier,
      getSettings: deps.getSettings,
      onUnauthorized: deps.session.markUnauthorized,
    });
    next.setActivity(activity);
    next.setHostState(host);
    next.start();
    engine = next;
    handlers = { ...writeHandlers(next), ...outboxHandlers(next), ...syncHandlers(next) };
  }

  deps.session.onWorkspace((workspace) => {
    // A switch that fails leaves no engine (writes answer "sign in"), but must not wedge the
    // chain: every later switch waits on this promise.
    switching = switching
      .then(() => replace(workspace))
      .catch((error: unknown) =>
        deps.log.error('sync engine not started', { error: String(error) }),
      );
  });

  const signedOutStatus = (): SyncStatus => {
    const outbox = counts(deps.db);
    return {
      connection: deps.session.get().state === 'reauth-required' ? 'unauthorized' : 'offline',
      pendingWrites: outbox.pending,
      failedWrites: outbox.failed,
      initialSync: { done: false, pages: 0, items: 0 },
      lastSyncedAt: null,
      lastError: null,
    };
  };

  const routed = Object.fromEntries(
    ENGINE_CHANNELS.map((channel) => [
      channel,
      async (request: never) => {
        await switching;
        const handler = handlers?.[channel] as ((request: never) => Promise<unknown>) | undefined;
        if (!handler) throw new CoreError('unauthorized', 'Sign in to a server first.');
        return handler(request);
      },
    ]),
  ) as unknown as Pick<Handlers, EngineChannel>;

  return {
    handlers: {
      ...routed,
      'status:get': async () => engine?.status() ?? signedOutStatus(),
      'app:activity': async (next) => {
        activity = next;
        engine?.setActivity(next);
        return {};
      },
    } satisfies Pick<Handlers, EngineChannel | 'status:get' | 'app:activity'>,
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
