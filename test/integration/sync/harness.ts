import { join } from 'node:path';
import type { CoreEvent } from '../../../shared/ipc/events.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/model/settings.ts';
import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import type { MessagingApi } from '../../../main/core/api/messaging-api.ts';
import { recordingNotifier, silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { systemClock, type Clock, type Logger } from '../../../main/core/ports/ports.ts';
import { openDatabase, type Database } from '../../../main/core/store/database.ts';
import { createSyncEngine, type SyncEngine } from '../../../main/core/engine/sync-engine.ts';
import { startHistoryWriter } from '../../../main/core/sync/history-writer.ts';

export interface TestClient {
  db: Database;
  api: MessagingApi;
  /** Resolves once the history writer's thread is ready (at once without one). */
  writerReady: Promise<void>;
  engine: SyncEngine;
  events: CoreEvent[];
  notifier: ReturnType<typeof recordingNotifier>;
  settings: Settings;
  close(): Promise<void>;
}

/** One Parley client (database, API client, sync engine) against a server, as one user. */
export function startClient(options: {
  url: string;
  token: string;
  dir: string;
  clock?: Clock;
  settings?: Partial<Settings>;
  start?: boolean;
  log?: Logger;
  /** Wraps the API client, to watch what the engine asks of the server. */
  wrapApi?: (api: MessagingApi) => MessagingApi;
  /**
   * Stores the conversation list and background history through the writer,
   * as the app does: on the writer's thread, which is started (as the app
   * starts it for a long conversation list) before the engine; the test
   * waits for it (`writerReady`).
   */
  historyWriter?: boolean;
  /** Told when the engine sees a conversation list longer than a page (SyncEngineDeps). */
  expectLongHistory?: () => void;
}): TestClient {
  const file = join(options.dir, 'parley.db');
  const db = openDatabase(file);
  const clock = options.clock ?? systemClock;
  const writer = options.historyWriter
    ? startHistoryWriter(db, file, clock, options.log ?? silentLogger)
    : null;
  const writerReady = writer?.warm() ?? Promise.resolve();
  const client = createMessagingClient({
    baseUrl: options.url,
    getToken: async () => options.token,
    log: silentLogger,
    timeoutMs: 5_000,
    retry: { retries: 0 },
  });
  const api = options.wrapApi?.(client) ?? client;
  const events: CoreEvent[] = [];
  const notifier = recordingNotifier();
  const settings = { ...DEFAULT_SETTINGS, ...options.settings };
  const engine = createSyncEngine({
    db,
    api,
    clock,
    log: options.log ?? silentLogger,
    emit: (event) => events.push(event),
    notifier,
    getSettings: () => settings,
    storeHistory: writer?.store,
    storeConversations: writer?.storeConversations,
    indexSearch: writer?.indexSearch,
    expectLongHistory: options.expectLongHistory,
  });
  if (options.start ?? true) engine.start();
  return {
    db,
    api,
    writerReady,
    engine,
    events,
    notifier,
    settings,
    async close() {
      await engine.stop();
      await writer?.stop();
      db.close();
    },
  };
}

/** Runs rounds and flushes until the outbox is empty and history is here (or `rounds` run out). */
export async function settle(client: TestClient, rounds = 50): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await client.engine.syncNow();
    await client.engine.history.settled();
    const status = client.engine.status();
    if (status.pendingWrites === 0 && status.initialSync.done && status.history.done) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
    client.engine.setHostState({ online: true });
  }
  throw new Error(`client did not settle: ${JSON.stringify(client.engine.status())}`);
}

export function messageTexts(db: Database, conversationId: string): string[] {
  return (
    db
      .prepare('SELECT text FROM messages WHERE conversation_id = ? ORDER BY created_at, id')
      .all(conversationId) as { text: string }[]
  ).map((row) => row.text);
}

/** Every message on the server in one conversation, oldest first, paging through them all. */
export async function serverMessages(api: MessagingApi, conversationId: string) {
  const all = [];
  let startingAfter: string | undefined;
  for (;;) {
    const page = await api.listMessages({ conversationId, limit: 100, startingAfter });
    all.push(...page.data);
    if (!page.hasMore || !page.nextCursor) break;
    startingAfter = page.nextCursor;
  }
  return all.reverse();
}

/** Records the name of every API method called through it, in order. */
export function recordCalls(api: MessagingApi): { api: MessagingApi; calls: string[] } {
  const calls: string[] = [];
  const wrapped = new Proxy(api, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(name));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { api: wrapped, calls };
}
