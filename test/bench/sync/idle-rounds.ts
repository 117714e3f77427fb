import { join } from 'node:path';
import { DEFAULT_SETTINGS } from '../../../shared/model/settings.ts';
import type { MessagingApi } from '../../../main/core/api/messaging-api.ts';
import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import { createSyncEngine } from '../../../main/core/engine/sync-engine.ts';
import { recordingNotifier, silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { systemClock } from '../../../main/core/ports/ports.ts';
import { openDatabase } from '../../../main/core/store/database.ts';
import { startSandbox } from '../../../main/sandbox/sandbox.ts';
import { recordCalls } from '../../integration/sync/harness.ts';
import { seedSandbox } from '../../integration/sync/sandbox-seed.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';

const USER = { contactId: 'you', token: 'bench-token-0001' };
const ROUNDS_PER_LIST_REFRESH =
  DEFAULT_SETTINGS.polling.conversationsMs / DEFAULT_SETTINGS.polling.openMs;

function counted(api: MessagingApi) {
  const recorded = recordCalls(api);
  return { api: recorded.api, requests: () => recorded.calls.length };
}

/**
 * Requests per idle round once everything is synced (one round = what the
 * poller does every interval, the conversation list refresh amortised over its
 * slower cadence), against naive polling of every conversation. Requests are
 * counted, not timed, so the sandbox runs in this process.
 */
async function idleRound(dir: string, conversations: number) {
  const file = join(dir, `idle-${conversations}.db`);
  seedSandbox(file, {
    user: USER.contactId,
    conversations,
    messages: conversations * 2,
    spreadSeconds: 86_000,
  });
  const sandbox = await startSandbox({ users: [USER], dataFile: file, rateLimitPerMinute: 1e9 });
  try {
    const api = createMessagingClient({
      baseUrl: sandbox.url,
      getToken: async () => USER.token,
      log: silentLogger,
    });
    const probe = counted(api);
    const db = openDatabase(join(dir, `client-${conversations}.db`));
    const engine = createSyncEngine({
      db,
      api: probe.api,
      clock: systemClock,
      log: silentLogger,
      emit() {},
      notifier: recordingNotifier(),
      getSettings: () => DEFAULT_SETTINGS,
    });
    engine.start();
    do {
      await engine.syncNow();
      await engine.history.settled();
    } while (!engine.status().initialSync.done || !engine.status().history.done);
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
      (row) => row.id,
    );
    for (const id of ids) await naive.api.listMessages({ conversationId: id, limit: 10 });
    await engine.stop();
    db.close();
    return { engineRound, messagesRound, naive: naive.requests() };
  } finally {
    await sandbox.close();
  }
}

/** The table of idle rounds, as printed. */
export async function idleRequestsPerRound(sizes: number[]): Promise<string> {
  const dir = makeTempDir('parley-idle-bench-');
  try {
    let text =
      'requests per idle round (poller at openMs, list refresh amortised over conversationsMs)\n' +
      'conversations  this engine (messages + list share)  naive per-conversation\n';
    for (const n of sizes) {
      const r = await idleRound(dir, n);
      const share = (r.engineRound - r.messagesRound).toFixed(2);
      text += `${String(n).padStart(13)}  ${r.engineRound.toFixed(2).padStart(11)} (${r.messagesRound} + ${share})${' '.repeat(14)}${r.naive}\n`;
    }
    return text;
  } finally {
    removeTempDir(dir);
  }
}
