import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core/create-core.ts';
import { memoryVault } from '../../../main/core/ports/node-adapters.ts';
import { PURGE_CHUNK } from '../../../main/core/store/message-purge.ts';
import { startSandbox } from '../../../main/sandbox/sandbox.ts';
import type { SyncStatus } from '../../../shared/model/session.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';
import { plainNodeDeps } from '../core-harness.ts';
import { seedSandbox } from './sandbox-seed.ts';

const PER_CONVERSATION = 10 * PURGE_CHUNK;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const invoke = async (core: Core, channel: string, request: unknown = {}) => {
  const answer = await core.router.handle(channel, request);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
  return answer.value;
};

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Two conversations of PER_CONVERSATION messages each, all of them synced and searchable. */
async function signedInWithLongConversations() {
  const serverDir = makeTempDir('parley-removal-server-');
  cleanups.push(() => removeTempDir(serverDir));
  const dataFile = join(serverDir, 'server.db');
  const [long, other] = seedSandbox(dataFile, {
    user: 'ada',
    conversations: 2,
    messages: 2 * PER_CONVERSATION,
    spreadSeconds: 86_400,
  }) as [string, string];
  const server = await startSandbox({
    users: [{ contactId: 'ada', token: 'ada-token' }],
    dataFile,
  });
  cleanups.push(() => server.close());

  const dataDir = makeTempDir('parley-removal-');
  cleanups.push(() => removeTempDir(dataDir));
  const vault = memoryVault();
  const open = async () => {
    const core = createCore(plainNodeDeps(dataDir, { vault }));
    cleanups.push(() => (core.db.isOpen ? core.stop() : undefined));
    await core.start();
    return core;
  };
  const core = await open();
  await invoke(core, 'session:signIn', { baseUrl: server.url, token: 'ada-token' });
  await until(async () => {
    const { history } = (await invoke(core, 'status:get')) as SyncStatus;
    return history.done && history.indexed && storedIn(core, long) === PER_CONVERSATION;
  });
  return { core, long, other, open, dataDir };
}

const storedIn = (core: Core, conversationId: string) =>
  (
    core.db
      .prepare('SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?')
      .get(conversationId) as { n: number }
  ).n;

const indexed = (core: Core) =>
  (
    core.db
      .prepare(`SELECT COUNT(*) AS n FROM messages_fts WHERE messages_fts MATCH 'message'`)
      .get() as { n: number }
  ).n;

describe('removing a long conversation', () => {
  it('takes it off the list and out of search at once, and its messages in turns that let other requests through', async () => {
    const { core, long, other } = await signedInWithLongConversations();
    expect(storedIn(core, long)).toBe(PER_CONVERSATION);

    await invoke(core, 'conversations:delete', { id: long });
    const list = (await invoke(core, 'conversations:list', { filter: 'all' })) as {
      items: { id: string }[];
    };
    // Answered while the removal is still under way: it did not hold the thread to the end.
    expect(storedIn(core, long)).toBeGreaterThan(0);
    expect(list.items.map((item) => item.id)).toEqual([other]);
    const search = (await invoke(core, 'messages:search', {
      query: 'message',
      offset: 0,
      limit: 50,
    })) as { hits: { conversationId: string }[] };
    expect(search.hits).toHaveLength(50);
    expect(new Set(search.hits.map((hit) => hit.conversationId))).toEqual(new Set([other]));

    const listed = () =>
      (core.db.prepare('SELECT COUNT(*) AS n FROM message_purges').get() as { n: number }).n;
    await until(() => listed() === 0);
    expect(storedIn(core, long)).toBe(0);
    expect(storedIn(core, other)).toBe(PER_CONVERSATION);
    // The full-text index lost exactly the removed messages.
    expect(indexed(core)).toBe(PER_CONVERSATION);
  });

  it('finishes after a restart what a quit interrupted', async () => {
    const { core, long, other, open, dataDir } = await signedInWithLongConversations();
    await invoke(core, 'conversations:delete', { id: long });
    await core.stop();
    const file = new DatabaseSync(join(dataDir, 'parley.db'), { readOnly: true });
    const left = file
      .prepare('SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?')
      .get(long) as { n: number };
    file.close();
    // The quit came before the removal was through: the rest waited in the file.
    expect(left.n).toBeGreaterThan(0);

    const reopened = await open();
    await until(() => storedIn(reopened, long) === 0);
    expect(storedIn(reopened, other)).toBe(PER_CONVERSATION);
    expect(indexed(reopened)).toBe(PER_CONVERSATION);
  });
});
