import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MessagingApi } from '../../../main/core/api/messaging-api.ts';
import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import { ChangeBatch } from '../../../main/core/events/change-batch.ts';
import { silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { systemClock } from '../../../main/core/ports/ports.ts';
import { openDatabase, type Database } from '../../../main/core/store/database.ts';
import { runInitialSync } from '../../../main/core/sync/initial-sync.ts';
import { createPageAhead } from '../../../main/core/sync/page-ahead.ts';
import {
  storeConversationsHere,
  storeHistoryHere,
  type ConversationsStore,
} from '../../../main/core/sync/page-store.ts';
import { readInitialProgress } from '../../../main/core/sync/sync-progress.ts';
import type { RoundResult, SyncContext } from '../../../main/core/sync/sync-steps.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import type { ApiConversation } from '../../../main/core/api/messaging-api.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { seedSandbox } from './sandbox-seed.ts';

const ALICE = { contactId: 'alice', token: 'token-alice-0001' };
/** Ten pages of the list. */
const CONVERSATIONS = 1_000;

let dir: ReturnType<typeof tempDir>;
let sandbox: Sandbox;
let db: Database;
let api: MessagingApi;
let conversationIds: string[];
/** The cursor of each page of the conversation list asked for, in order. */
let listed: (string | undefined)[];
/** Where a request for a page of the list waits first, if anywhere: told the page's number. */
let listGate: ((page: number, signal?: AbortSignal) => Promise<void>) | null;

beforeEach(async () => {
  dir = tempDir('parley-initial-list-');
  const file = join(dir.path, 'server.db');
  conversationIds = seedSandbox(file, {
    user: ALICE.contactId,
    conversations: CONVERSATIONS,
    messages: CONVERSATIONS,
    spreadSeconds: 3_600,
  });
  sandbox = await startSandbox({ users: [ALICE], dataFile: file });
  db = openDatabase(join(dir.path, 'client.db'));
  listed = [];
  listGate = null;
  const client = createMessagingClient({
    baseUrl: sandbox.url,
    getToken: async () => ALICE.token,
    log: silentLogger,
    retry: { retries: 0 },
  });
  api = new Proxy(client, {
    get(target, name, receiver) {
      if (name !== 'listConversations') return Reflect.get(target, name, receiver);
      return async (query: Parameters<MessagingApi['listConversations']>[0] = {}) => {
        listed.push(query.startingAfter);
        await listGate?.(listed.length, query.signal);
        return target.listConversations(query);
      };
    },
  });
});

afterEach(async () => {
  db.close();
  await sandbox.close();
  dir.remove();
});

/** What sign-in runs, storing the list through `storeConversations`. */
function signIn(storeConversations: ConversationsStore, signal = new AbortController().signal) {
  const ctx: SyncContext = {
    db,
    api,
    clock: systemClock,
    log: silentLogger,
    signal,
    confirmedSince: () => new Set(),
    storeHistory: storeHistoryHere(db),
    storeConversations,
  };
  const result: RoundResult = { batch: new ChangeBatch(), incoming: [], notices: [] };
  return runInitialSync(ctx, result, {
    conversationPages: createPageAhead<ApiConversation>(),
    perConversation: () => false,
    openConversationId: null,
    maxPages: 100,
    onPage: () => undefined,
  });
}

const storedIds = () =>
  (db.prepare('SELECT id FROM conversations ORDER BY id').all() as { id: string }[]).map(
    (row) => row.id,
  );

async function until(condition: () => boolean) {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

it('asks for the next pages of the conversation list while the first is still being stored', async () => {
  const here = storeConversationsHere(db);
  let release: () => void = () => undefined;
  const storeSlowly = new Promise<void>((resolve) => (release = resolve));
  let answered = 0;
  const sync = signIn(async (page) => {
    await storeSlowly;
    answered += 1;
    return here(page);
  });

  // Waiting for each page to be stored, the list stopped at the page fetched ahead of the first.
  await until(() => listed.length >= 5);
  expect(answered).toBe(0);
  release();

  expect((await sync).phase).toBe('done');
  expect(storedIds()).toEqual([...conversationIds].sort());
  expect(readInitialProgress(db)).toMatchObject({ phase: 'done', items: CONVERSATIONS + 20 });
});

it('fetches again a page of the list that failed to store, and stores none past it meanwhile', async () => {
  const here = storeConversationsHere(db);
  let stores = 0;
  const failThird: ConversationsStore = async (page) => {
    stores += 1;
    if (stores === 3) throw new Error('disk I/O error');
    return here(page);
  };

  await expect(signIn(failThird)).rejects.toThrow('disk I/O error');
  // The pages sent after the third, before its failure was known, were left out.
  expect(stores).toBeGreaterThan(3);
  expect(storedIds()).toHaveLength(200);
  const saved = readInitialProgress(db);
  expect(saved).toMatchObject({ phase: 'conversations', pages: 2, items: 200 });

  listed = [];
  expect((await signIn(failThird)).phase).toBe('done');
  expect(listed[0]).toBe(saved.cursor);
  expect(storedIds()).toEqual([...conversationIds].sort());
  expect(readInitialProgress(db)).toMatchObject({ phase: 'done', items: CONVERSATIONS + 20 });
});

it('leaves no page of the list being stored once sign-in stops', async () => {
  const here = storeConversationsHere(db);
  let release: () => void = () => undefined;
  const storeSlowly = new Promise<void>((resolve) => (release = resolve));
  let sent = 0;
  let answered = 0;
  const stop = new AbortController();
  // The fourth page is asked for only to be stopped (signing out, say) while three are being stored.
  listGate = (page, signal) =>
    page === 4
      ? new Promise((resolve) => signal?.addEventListener('abort', () => resolve()))
      : Promise.resolve();
  let ended = false;
  const sync = signIn(async (page) => {
    sent += 1;
    await storeSlowly;
    answered += 1;
    return here(page);
  }, stop.signal).finally(() => (ended = true));
  sync.catch(() => undefined);

  await until(() => listed.length === 4);
  stop.abort();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(ended).toBe(false);
  release();

  await expect(sync).rejects.toThrow();
  expect(sent).toBe(3);
  expect(answered).toBe(sent);
});
