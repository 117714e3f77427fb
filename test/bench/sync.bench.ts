/**
 * Sync engine benchmark, each figure beside a baseline measured in the same run:
 * - requests per idle round for 10, 100 and 1,000 conversations: this engine
 *   (one round = what the poller does every interval, the conversation list
 *   refresh amortised over its slower cadence) against naive per-conversation polling;
 * - time to flush 1,000 queued sends after reconnect, against the same sends
 *   made one after another straight through the API client;
 * - time for the initial sync of 10,000 conversations and 100,000 messages,
 *   against merely paging through the same lists without storing anything.
 * Run: npx node test/bench/sync.bench.ts [messages]
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SETTINGS } from '../../shared/model/settings.ts';
import { createMessagingClient } from '../../main/core/api/messaging-client.ts';
import type { MessagingApi } from '../../main/core/api/messaging-api.ts';
import { recordingNotifier, silentLogger } from '../../main/core/ports/node-adapters.ts';
import { systemClock } from '../../main/core/ports/ports.ts';
import { openDatabase } from '../../main/core/store/database.ts';
import { createSyncEngine } from '../../main/core/engine/sync-engine.ts';
import { startSandbox } from '../../main/sandbox/sandbox.ts';
import { recordCalls } from '../integration/sync/harness.ts';
import { seedSandbox } from '../integration/sync/sandbox-seed.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

const MESSAGES = Number(process.argv[2] ?? 100_000);
const USER = { contactId: 'you', token: 'bench-token-0001' };
const ROUNDS_PER_LIST_REFRESH =
  DEFAULT_SETTINGS.polling.conversationsMs / DEFAULT_SETTINGS.polling.openMs;

function seed(file: string, conversations: number, messages: number): string[] {
  return seedSandbox(file, {
    user: USER.contactId,
    conversations,
    messages,
    spreadSeconds: 86_000,
  });
}

function counted(api: MessagingApi): { api: MessagingApi; requests: () => number } {
  const recorded = recordCalls(api);
  return { api: recorded.api, requests: () => recorded.calls.length };
}

function client(url: string, dir: string, api?: MessagingApi) {
  const base =
    api ??
    createMessagingClient({ baseUrl: url, getToken: async () => USER.token, log: silentLogger });
  const db = openDatabase(join(dir, `client-${Math.random().toString(36).slice(2)}.db`));
  const engine = createSyncEngine({
    db,
    api: base,
    clock: systemClock,
    log: silentLogger,
    emit() {},
    notifier: recordingNotifier(),
    getSettings: () => DEFAULT_SETTINGS,
  });
  return { db, engine };
}

async function syncUntilDone(engine: ReturnType<typeof client>['engine']) {
  do await engine.syncNow();
  while (!engine.status().initialSync.done);
}

async function idleRounds(dir: string, conversations: number) {
  const file = join(dir, `idle-${conversations}.db`);
  seed(file, conversations, conversations * 2);
  const sandbox = await startSandbox({ users: [USER], dataFile: file, rateLimitPerMinute: 1e9 });
  try {
    const api = createMessagingClient({
      baseUrl: sandbox.url,
      getToken: async () => USER.token,
      log: silentLogger,
    });
    const probe = counted(api);
    const { db, engine } = client(sandbox.url, dir, probe.api);
    engine.start();
    await syncUntilDone(engine);
    // syncNow also refreshes the conversation list; an idle round of the poller does not.
    const withList = probe.requests();
    await engine.syncNow();
    const listRound = probe.requests() - withList;
    const listOnly = counted(api);
    let cursor: string | undefined;
    do {
      const page = await listOnly.api.listConversations({ limit: 100, startingAfter: cursor });
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const messagesRound = listRound - listOnly.requests();
    const engineRound = messagesRound + listOnly.requests() / ROUNDS_PER_LIST_REFRESH;

    const naive = counted(api);
    const ids = (db.prepare('SELECT id FROM conversations').all() as { id: string }[]).map(
      (r) => r.id,
    );
    for (const id of ids) await naive.api.listMessages({ conversationId: id, limit: 10 });
    await engine.stop();
    db.close();
    return { engineRound, messagesRound, naive: naive.requests() };
  } finally {
    await sandbox.close();
  }
}

async function flush(dir: string, sends: number) {
  const file = join(dir, 'flush.db');
  const [conversationId] = seed(file, 1, 0);
  const sandbox = await startSandbox({ users: [USER], dataFile: file, rateLimitPerMinute: 1e9 });
  try {
    const { db, engine } = client(sandbox.url, dir);
    engine.start();
    await syncUntilDone(engine);
    engine.setHostState({ online: false });
    for (let i = 0; i < sends; i++) {
      engine.writes.send({
        conversationId: conversationId as string,
        text: `queued ${i}`,
        attachments: [],
      });
    }
    const started = performance.now();
    engine.setHostState({ online: true });
    while (engine.status().pendingWrites > 0) await engine.outbox.flush();
    const engineMs = performance.now() - started;
    await engine.stop();
    db.close();

    const api = createMessagingClient({
      baseUrl: sandbox.url,
      getToken: async () => USER.token,
      log: silentLogger,
    });
    const directStarted = performance.now();
    for (let i = 0; i < sends; i++) {
      await api.sendMessage({ conversationId: conversationId as string, message: `direct ${i}` });
    }
    return { engineMs, directMs: performance.now() - directStarted };
  } finally {
    await sandbox.close();
  }
}

async function initialSync(dir: string, conversations: number, messages: number) {
  const file = join(dir, 'initial.db');
  seed(file, conversations, messages);
  const sandbox = await startSandbox({ users: [USER], dataFile: file, rateLimitPerMinute: 1e9 });
  try {
    const { db, engine } = client(sandbox.url, dir);
    const started = performance.now();
    engine.start();
    await syncUntilDone(engine);
    const engineMs = performance.now() - started;
    const stored = db.prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number };
    await engine.stop();
    db.close();

    const api = createMessagingClient({
      baseUrl: sandbox.url,
      getToken: async () => USER.token,
      log: silentLogger,
    });
    const pagingStarted = performance.now();
    for (const list of [
      (c?: string) => api.listConversations({ limit: 100, startingAfter: c }),
      (c?: string) => api.listMessages({ limit: 100, startingAfter: c }),
    ]) {
      let cursor: string | undefined;
      do cursor = (await list(cursor)).nextCursor ?? undefined;
      while (cursor);
    }
    return { engineMs, pagingMs: performance.now() - pagingStarted, stored: stored.n };
  } finally {
    await sandbox.close();
  }
}

const dir = makeTempDir('parley-sync-bench-');
try {
  console.log(`sync benchmark (load average ${loadavg()[0]?.toFixed(1)} on this machine)\n`);
  console.log(
    'requests per idle round (poller at openMs, list refresh amortised over conversationsMs)',
  );
  console.log('conversations  this engine (messages + list share)  naive per-conversation');
  for (const n of [10, 100, 1_000]) {
    const r = await idleRounds(dir, n);
    console.log(
      `${String(n).padStart(13)}  ${r.engineRound.toFixed(2).padStart(11)} (${r.messagesRound} + ${(r.engineRound - r.messagesRound).toFixed(2)})${' '.repeat(14)}${r.naive}`,
    );
  }
  const f = await flush(dir, 1_000);
  console.log(
    `\nflush 1,000 queued sends after reconnect: ${(f.engineMs / 1000).toFixed(2)} s` +
      `  (baseline, 1,000 sends straight through the API client: ${(f.directMs / 1000).toFixed(2)} s)`,
  );
  const conversations = Math.min(10_000, Math.max(1, Math.floor(MESSAGES / 10)));
  const s = await initialSync(dir, conversations, MESSAGES);
  console.log(
    `initial sync of ${conversations.toLocaleString('en')} conversations and ${MESSAGES.toLocaleString('en')} messages: ` +
      `${(s.engineMs / 1000).toFixed(1)} s, ${s.stored.toLocaleString('en')} stored` +
      `  (baseline, paging the same lists without storing: ${(s.pagingMs / 1000).toFixed(1)} s)`,
  );
} finally {
  removeTempDir(dir);
}
