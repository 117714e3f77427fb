import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ListMessagesQuery, MessagingApi } from '../../../main/core/api/messaging-api.ts';
import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import { silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { FIRST_CONVERSATIONS } from '../../../main/core/sync/initial-sync.ts';
import { olderOnServer, readHistoryProgress } from '../../../main/core/sync/sync-progress.ts';
import { isLocalId } from '../../../shared/model/local-id.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { serverMessages, settle, startClient, type TestClient } from './harness.ts';
import { seedSandbox } from './sandbox-seed.ts';

const ALICE = { contactId: 'alice', token: 'token-alice-0001' };
const CONVERSATIONS = 30;
const PER_CONVERSATION = 100;

/**
 * The history feed (the all-conversations message list in pages of 100; a
 * poll round asks for 50) waits at a gate the test opens, or until the
 * request is aborted; every other request goes through.
 * `feed` records the cursor of each feed request, `thread` counts the
 * requests for one conversation's messages.
 */
function gatedFeed(api: MessagingApi, pagesLetThrough = 0) {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const feed: (string | undefined)[] = [];
  const counts = { thread: 0 };
  const wrapped = new Proxy(api, {
    get(target, name, receiver) {
      if (name !== 'listMessages') return Reflect.get(target, name, receiver);
      return async (query: ListMessagesQuery = {}) => {
        if (query.conversationId !== undefined) counts.thread += 1;
        else if (query.limit === 100) {
          feed.push(query.startingAfter);
          if (feed.length > pagesLetThrough) {
            await Promise.race([gate, aborted(query.signal)]);
          }
        }
        return target.listMessages(query);
      };
    },
  });
  return { api: wrapped, feed, counts, open: () => open() };
}

const aborted = (signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve()));

describe.each([
  ['stored on the main thread', false],
  ['stored on the writer thread, as the app does', true],
])('history after sign-in, %s', (_, historyWriter) => {
  let sandbox: Sandbox;
  let dir: ReturnType<typeof tempDir>;
  let serverApi: MessagingApi;
  let conversationIds: string[];
  const clients: TestClient[] = [];

  beforeEach(async () => {
    dir = tempDir('parley-history-');
    const file = join(dir.path, 'server.db');
    conversationIds = seedSandbox(file, {
      user: ALICE.contactId,
      conversations: CONVERSATIONS,
      messages: CONVERSATIONS * PER_CONVERSATION,
      spreadSeconds: 86_000,
    });
    sandbox = await startSandbox({ users: [ALICE], dataFile: file });
    serverApi = createMessagingClient({
      baseUrl: sandbox.url,
      getToken: async () => ALICE.token,
      log: silentLogger,
    });
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    await sandbox.close();
    dir.remove();
  });

  function client(wrapApi?: (api: MessagingApi) => MessagingApi) {
    const started = startClient({
      url: sandbox.url,
      token: ALICE.token,
      dir: join(dir.path, 'client'),
      wrapApi,
      historyWriter,
    });
    clients.push(started);
    return started;
  }

  const localIds = (c: TestClient, conversationId?: string) =>
    (
      c.db
        .prepare(
          conversationId === undefined
            ? 'SELECT id FROM messages ORDER BY id'
            : 'SELECT id FROM messages WHERE conversation_id = ? ORDER BY id',
        )
        .all(...(conversationId === undefined ? [] : [conversationId])) as { id: string }[]
    ).map((row) => row.id);

  async function untilUsable(c: TestClient) {
    while (!c.engine.status().initialSync.done) await c.engine.syncNow();
  }

  /**
   * Once every stored message is searchable, as the status says: the
   * full-text index then holds exactly the stored messages.
   */
  async function untilIndexed(c: TestClient) {
    while (!c.engine.status().history.indexed) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    c.db.exec(`INSERT INTO messages_fts (messages_fts, rank) VALUES ('integrity-check', 1)`);
  }

  /** Conversations whose last message or unread count is not what their stored messages say. */
  const derivedOff = (c: TestClient) =>
    c.db
      .prepare(
        `SELECT c.id FROM conversations c
         WHERE c.last_message_id IS NOT (SELECT id FROM messages WHERE conversation_id = c.id
             ORDER BY created_at DESC, id DESC LIMIT 1)
           OR c.unread_count != (SELECT COUNT(*) FROM messages
             WHERE conversation_id = c.id AND own = 0 AND created_at > c.read_up_to)`,
      )
      .all();

  async function allServerIds() {
    const ids: string[] = [];
    for (const id of conversationIds)
      ids.push(...(await serverMessages(serverApi, id)).map((m) => m.id));
    return ids.sort();
  }

  it('is usable with the newest pages of the first conversations before older history, which follows in the background', async () => {
    let gated!: ReturnType<typeof gatedFeed>;
    const c = client((api) => (gated = gatedFeed(api)).api);
    await untilUsable(c);

    expect(c.engine.status().history.done).toBe(false);
    const listed = c.db
      .prepare('SELECT id FROM conversations ORDER BY is_pinned DESC, sort_at DESC, id')
      .all() as { id: string }[];
    expect(listed).toHaveLength(CONVERSATIONS);
    for (const { id } of listed.slice(0, FIRST_CONVERSATIONS)) {
      const newest = (await serverMessages(serverApi, id)).slice(-50).map((m) => m.id);
      expect(localIds(c, id)).toEqual(newest.sort());
      expect(olderOnServer(c.db, id)).toBe(true);
    }

    // Another connection's commits (the writer thread's) move the data version; this one's do not.
    const dataVersion = () =>
      (c.db.prepare('PRAGMA data_version').get() as { data_version: number }).data_version;
    const before = dataVersion();
    await c.writerReady;
    gated.open();
    await settle(c);
    expect(dataVersion() > before).toBe(historyWriter);
    expect(localIds(c)).toEqual(await allServerIds());
    await untilIndexed(c);
    expect(c.engine.status().history).toEqual({
      done: true,
      items: CONVERSATIONS * PER_CONVERSATION,
      indexed: true,
    });
    expect(olderOnServer(c.db, conversationIds[0]!)).toBe(false);
    expect(derivedOff(c)).toEqual([]);
    // Every thread is announced, those whose messages came only with older history too.
    const announced = new Set(c.events.flatMap((e) => (e.type === 'changes' ? e.threads : [])));
    expect(conversationIds.filter((id) => !announced.has(id))).toEqual([]);
  });

  it('fetches a conversation its history names that the list did not, then stores its messages', async () => {
    const unlisted = conversationIds[0]!;
    const asked: string[] = [];
    // The list and the poll rounds' pages never show it, as for one created after the list was
    // fetched: only the history feed names it. (The list is refreshed every 30 s, after this test.)
    const c = client(
      (api) =>
        new Proxy(api, {
          get(target, name, receiver) {
            if (name === 'listConversations') {
              return async (query: Parameters<MessagingApi['listConversations']>[0]) => {
                const page = await target.listConversations(query);
                return { ...page, data: page.data.filter((item) => item.id !== unlisted) };
              };
            }
            if (name === 'listMessages') {
              return async (query: ListMessagesQuery = {}) => {
                const page = await target.listMessages(query);
                if (query.limit === 100) return page;
                return { ...page, data: page.data.filter((m) => m.conversationId !== unlisted) };
              };
            }
            if (name === 'getConversation') {
              return (id: string, options?: { signal?: AbortSignal }) => {
                asked.push(id);
                return target.getConversation(id, options);
              };
            }
            return Reflect.get(target, name, receiver);
          },
        }),
    );
    await untilUsable(c);
    expect(c.db.prepare('SELECT id FROM conversations WHERE id = ?').get(unlisted)).toBeUndefined();
    await settle(c);

    expect(asked).toEqual([unlisted]);
    const server = (await serverMessages(serverApi, unlisted)).map((m) => m.id);
    expect(localIds(c, unlisted)).toEqual(server.sort());
    expect(localIds(c)).toEqual(await allServerIds());
    expect(derivedOff(c)).toEqual([]);
  });

  it('says a conversation started here, not yet on the server, has nothing older there', async () => {
    const c = client((api) => gatedFeed(api).api);
    await untilUsable(c);
    c.engine.setHostState({ online: false });
    c.engine.writes.openOrCreateConversation({ contactId: 'someone-new' });
    const started = c.db
      .prepare('SELECT id FROM conversations WHERE contact_id = ?')
      .get('someone-new') as { id: string };

    expect(isLocalId(started.id)).toBe(true);
    expect(c.engine.status().history.done).toBe(false);
    expect(olderOnServer(c.db, started.id)).toBe(false);
  });

  it('goes on after a restart from the page it had reached', async () => {
    let first!: ReturnType<typeof gatedFeed>;
    const before = client((api) => (first = gatedFeed(api, 5)).api);
    await untilUsable(before);
    while (first.feed.length <= 5) await new Promise((resolve) => setTimeout(resolve, 10));
    await before.close();
    clients.splice(clients.indexOf(before), 1);

    let second!: ReturnType<typeof gatedFeed>;
    const after = startClient({
      url: sandbox.url,
      token: ALICE.token,
      dir: join(dir.path, 'client'),
      start: false,
      wrapApi: (api) => (second = gatedFeed(api, Number.POSITIVE_INFINITY)).api,
      historyWriter,
    });
    clients.push(after);
    const saved = readHistoryProgress(after.db);
    expect(saved).toMatchObject({ mode: 'feed', done: false });
    expect(saved.items).toBeGreaterThan(0);
    expect(saved.items).toBeLessThan(CONVERSATIONS * PER_CONVERSATION);
    after.engine.start();
    await settle(after);
    // On from the saved page, never from the top: each remaining page once (a page asked for
    // before a poll round is asked for again after it, so a cursor may repeat).
    expect(second.feed[0]).toBe(saved.cursor);
    expect(second.feed).not.toContain(undefined);
    expect(new Set(second.feed).size).toBe((CONVERSATIONS * PER_CONVERSATION - saved.items) / 100);
    expect(localIds(after)).toEqual(await allServerIds());
    expect(derivedOff(after)).toEqual([]);
    // What the first run stored unindexed is searchable too.
    await untilIndexed(after);
  });

  it('loads older pages of a thread from the server when asked, and stores them', async () => {
    let gated!: ReturnType<typeof gatedFeed>;
    const c = client((api) => (gated = gatedFeed(api)).api);
    await untilUsable(c);
    const last = (
      c.db
        .prepare('SELECT id FROM conversations ORDER BY is_pinned DESC, sort_at DESC, id')
        .all() as { id: string }[]
    ).at(-1)!.id;
    // Beyond the first conversations, only what a poll round brought is here.
    const polled = localIds(c, last);
    expect(polled.length).toBeLessThan(PER_CONVERSATION / 2);
    expect(olderOnServer(c.db, last)).toBe(true);

    gated.counts.thread = 0;
    expect(await c.engine.history.fetchOlder(last)).toBe(false);
    const server = (await serverMessages(serverApi, last)).map((m) => m.id);
    expect(localIds(c, last)).toEqual(server.sort());
    expect(gated.counts.thread).toBe(1);

    expect(await c.engine.history.fetchOlder(last)).toBe(false);
    expect(gated.counts.thread).toBe(1);
    expect(c.engine.status().history.done).toBe(false);
    gated.open();
  });
});
