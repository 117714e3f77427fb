import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markInFlight, updatePayload } from '../../../main/core/store/outbox-entries.ts';
import { getConversation } from '../../../main/core/store/conversation-queries.ts';
import { searchMessages } from '../../../main/core/store/search-queries.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { recordingLog } from '../../unit/api/scripted-server.ts';
import { serverMessages, settle, startClient, type TestClient } from '../sync/harness.ts';
import { tempDir } from '../../support/temp-dir.ts';

const users = [
  { contactId: 'alice', token: 'token-alice-0001' },
  { contactId: 'bob', token: 'token-bob-0002' },
];

/** Every place a local id could still hide after the outbox has confirmed everything. */
function localIdsLeft(client: TestClient): unknown[] {
  return client.db
    .prepare(
      `SELECT 'message' AS what, id FROM messages WHERE id LIKE 'local%' OR conversation_id LIKE 'local%'
       UNION ALL SELECT 'conversation', id FROM conversations
         WHERE id LIKE 'local%' OR pinned_message_id LIKE 'local%' OR last_message_id LIKE 'local%'
       UNION ALL SELECT 'outbox', id FROM outbox`,
    )
    .all();
}

describe('local ids once the server confirms', () => {
  let dir: ReturnType<typeof tempDir>;
  let sandbox: Sandbox;
  let client: TestClient;

  beforeEach(async () => {
    dir = tempDir('parley-sync-');
    sandbox = await startSandbox({ users, dataFile: join(dir.path, 'server.db') });
  });

  afterEach(async () => {
    await client.close();
    await sandbox.close();
    dir.remove();
  });

  it('are replaced everywhere, a pinned message still pending included', async () => {
    client = startClient({ url: sandbox.url, token: users[0]!.token, dir: join(dir.path, 'c') });
    client.engine.setHostState({ online: false });
    const localConversation = client.engine.writes.openOrCreateConversation({ contactId: 'bob' });
    const localMessage = client.engine.writes.send({
      conversationId: localConversation,
      text: 'hello',
      attachments: [],
    });
    client.engine.writes.pinMessage(localConversation, localMessage);
    client.engine.writes.edit(localMessage, 'hello, edited');
    client.engine.writes.react(localMessage, 'like', true, 'alice');

    client.engine.setHostState({ online: true });
    await settle(client);

    expect(localIdsLeft(client)).toEqual([]);
    const [conversation] = client.db
      .prepare('SELECT id, pinned_message_id FROM conversations')
      .all() as { id: string; pinned_message_id: string }[];
    const [message] = client.db.prepare('SELECT id, text FROM messages').all() as {
      id: string;
      text: string;
    }[];
    expect(conversation?.pinned_message_id).toBe(message?.id);
    expect(message?.text).toBe('hello, edited');

    const onServer = await client.api.getConversation(conversation!.id);
    expect(onServer.pinnedMessageId).toBe(message?.id);
    const [sent] = await serverMessages(client.api, conversation!.id);
    expect(sent).toMatchObject({ id: message?.id, message: 'hello, edited' });
    expect(sent?.reactions).toEqual({ like: ['alice'] });

    // Announced to the renderer with the rest of their burst (engine/change-announcer.ts).
    const replaced = () =>
      client.events.flatMap((event) => (event.type === 'changes' ? event.replacedIds : []));
    await vi.waitFor(() =>
      expect(replaced()).toEqual([
        { from: localConversation, to: conversation?.id },
        { from: localMessage, to: message?.id },
      ]),
    );
  });

  it('take the server’s time for sends queued offline, which stay findable once and leave the unread count alone', async () => {
    client = startClient({ url: sandbox.url, token: users[0]!.token, dir: join(dir.path, 'c') });
    const conversationId = client.engine.writes.openOrCreateConversation({ contactId: 'bob' });
    client.engine.writes.send({ conversationId, text: 'hello bob', attachments: [] });
    await settle(client);
    const [id] = client.db.prepare('SELECT id FROM conversations').all() as { id: string }[];
    const bob = startClient({ url: sandbox.url, token: users[1]!.token, dir: join(dir.path, 'b') });
    await bob.api.sendMessage({ conversationId: id!.id, message: 'are you there' });
    await bob.close();
    await settle(client);
    client.engine.setHostState({ online: false });
    for (const text of ['parcel one', 'parcel two', 'parcel three']) {
      client.engine.writes.send({ conversationId: id!.id, text, attachments: [] });
    }
    // Queued a while before the network comes back: the server's times are later than ours.
    await new Promise((resolve) => setTimeout(resolve, 30));
    client.engine.setHostState({ online: true });
    await settle(client);

    expect(conversationId).not.toBe(id!.id);
    const onServer = await serverMessages(client.api, id!.id);
    const newest = onServer.at(-1)!;
    expect(newest.message).toBe('parcel three');
    // The row the list shows: the last message at the server's time, bob's still unread.
    expect(getConversation(client.db, id!.id)).toMatchObject({
      lastMessage: { id: newest.id, text: 'parcel three', own: true, createdAt: newest.createdAt },
      unreadCount: 1,
      pendingWrites: 0,
    });
    // …and its place in the list.
    const { sort_at } = client.db
      .prepare('SELECT sort_at FROM conversations WHERE id = ?')
      .get(id!.id) as { sort_at: number };
    expect(sort_at).toBe(newest.createdAt);
    const { hits } = await searchMessages(client.db, { query: 'parcel', offset: 0, limit: 10 });
    expect(hits.map((hit) => hit.messageId)).toEqual(
      onServer
        .filter((m) => m.message.startsWith('parcel'))
        .map((m) => m.id)
        .reverse(),
    );
    expect(() =>
      client.db.exec(`INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check')`),
    ).not.toThrow();
  });

  it('survive a crash with a send in flight: the next start finds it on the server instead of sending twice', async () => {
    client = startClient({ url: sandbox.url, token: users[0]!.token, dir: join(dir.path, 'c') });
    client.engine.writes.openOrCreateConversation({ contactId: 'bob' });
    await settle(client);
    const conversationId = (
      client.db.prepare('SELECT id FROM conversations').get() as { id: string }
    ).id;
    client.engine.setHostState({ online: false });
    client.engine.writes.send({
      conversationId,
      text: 'sent just before the crash',
      attachments: [],
    });
    // What the killed process did: claimed the entry, and the server acted on its request (under
    // another key here, so that only the lookup before resending can keep it from being doubled).
    const entry = client.db
      .prepare("SELECT id, payload, idempotency_key FROM outbox WHERE kind = 'send'")
      .get() as { id: number; payload: string; idempotency_key: string };
    markInFlight(client.db, entry.id);
    updatePayload(client.db, entry.id, {
      ...JSON.parse(entry.payload),
      firstAttemptAt: Date.now(),
    });
    await client.api.sendMessage(
      { conversationId, message: 'sent just before the crash' },
      { idempotencyKey: `another-${entry.idempotency_key}` },
    );
    await client.close();

    const recorder = recordingLog();
    client = startClient({
      url: sandbox.url,
      token: users[0]!.token,
      dir: join(dir.path, 'c'),
      log: recorder.log,
    });
    await settle(client);

    expect(recorder.lines).toContainEqual(
      expect.objectContaining({ message: 'outbox resumed after an interrupted run' }),
    );
    const onServer = await serverMessages(client.api, conversationId);
    expect(onServer.map((m) => m.message)).toEqual(['sent just before the crash']);
    expect(localIdsLeft(client)).toEqual([]);
    const local = client.db.prepare('SELECT id FROM messages').all() as { id: string }[];
    expect(local.map((m) => m.id)).toEqual([onServer[0]?.id]);
  });
});
