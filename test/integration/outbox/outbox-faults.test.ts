import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { serverMessages, settle, startClient, type TestClient } from '../sync/harness.ts';
import { isLocalId } from '../../../shared/model/local-id.ts';
import { tempDir } from '../../support/temp-dir.ts';

const ROUNDS_OF_TRAFFIC = 120;

const users = [
  { contactId: 'alice', token: 'token-alice-0001' },
  { contactId: 'bob', token: 'token-bob-0002' },
];

describe('the outbox under failures', () => {
  let dir: ReturnType<typeof tempDir>;
  let sandbox: Sandbox;
  let client: TestClient;
  let conversationId: string;

  beforeEach(async () => {
    dir = tempDir('parley-sync-');
    sandbox = await startSandbox({ users, dataFile: join(dir.path, 'server.db') });
    client = startClient({
      url: sandbox.url,
      token: users[0]!.token,
      dir: join(dir.path, 'client'),
    });
    const local = client.engine.writes.openOrCreateConversation({ contactId: 'bob' });
    await settle(client);
    conversationId = (client.db.prepare('SELECT id FROM conversations').get() as { id: string }).id;
    expect(conversationId).not.toBe(local);
  });

  afterEach(async () => {
    await client.close();
    await sandbox.close();
    dir.remove();
  });

  it('delivers every message once, in order, when the server stops during sends and comes back', async () => {
    const port = Number(new URL(sandbox.url).port);
    const texts = Array.from({ length: 30 }, (_, i) => `message ${i}`);
    for (const text of texts.slice(0, 10)) {
      client.engine.writes.send({ conversationId, text, attachments: [] });
    }
    const flushing = client.engine.outbox.flush();
    await sandbox.close();
    await flushing;
    for (const text of texts.slice(10)) {
      client.engine.writes.send({ conversationId, text, attachments: [] });
    }
    await client.engine.outbox.flush();
    expect(client.engine.status().pendingWrites).toBeGreaterThan(0);

    sandbox = await startSandbox({ users, port, dataFile: join(dir.path, 'server.db') });
    await settle(client);

    const onServer = await serverMessages(client.api, conversationId);
    expect(onServer.map((m) => m.message)).toEqual(texts);
    const local = client.db
      .prepare('SELECT id, text FROM messages ORDER BY created_at, id')
      .all() as { id: string; text: string }[];
    expect(local.map((m) => m.text)).toEqual(texts);
    expect(local.every((m) => !isLocalId(m.id))).toBe(true);
  });

  it('loses and duplicates nothing while the server fails, stalls and drops connections', async () => {
    sandbox.setFaults('5xx=0.2,reset=0.1,lost=0.1,latency=5-40');
    // A bounded stretch of a user's traffic (about half a minute here): sends, edits of
    // earlier ones, reactions, message pins and conversation pins, with sync rounds between.
    const ids: string[] = [];
    const texts: string[] = [];
    const reacted = new Set<number>();
    let pinnedMessage = -1;
    let pinned = false;
    for (let i = 0; i < ROUNDS_OF_TRAFFIC; i++) {
      texts.push(`faulty ${i}`);
      ids.push(client.engine.writes.send({ conversationId, text: texts[i]!, attachments: [] }));
      if (i % 3 === 2) {
        texts[i - 1] = `${texts[i - 1]} (edited)`;
        client.engine.writes.edit(currentId(ids[i - 1]!), texts[i - 1]!);
      }
      if (i % 4 === 3) {
        reacted.add(i - 2);
        client.engine.writes.react(currentId(ids[i - 2]!), 'like', true, 'alice');
      }
      if (i % 10 === 9) {
        pinnedMessage = i - 5;
        client.engine.writes.pinMessage(conversationId, currentId(ids[pinnedMessage]!));
        pinned = !pinned;
        client.engine.writes.setPinned(conversationId, pinned);
        await client.engine.syncNow().catch(() => {});
      }
    }

    await settle(client, 600);
    sandbox.setFaults(null);
    await settle(client);

    const onServer = await serverMessages(client.api, conversationId);
    expect(onServer.map((m) => m.message)).toEqual(texts);
    expect(onServer.map((m) => m.reactions)).toEqual(
      texts.map((_, i) => (reacted.has(i) ? { like: ['alice'] } : {})),
    );
    const conversation = await client.api.getConversation(conversationId);
    expect(conversation.isPinned).toBe(pinned);
    expect(conversation.pinnedMessageId).toBe(onServer[pinnedMessage]?.id);
    const local = client.db
      .prepare('SELECT id, text FROM messages ORDER BY created_at, id')
      .all() as { id: string; text: string }[];
    expect(local).toEqual(onServer.map((m) => ({ id: m.id, text: m.message })));
  }, 120_000);

  /** A message's id now: the server's once its send was confirmed, else the local one. */
  function currentId(localId: string): string {
    const mapped = client.db
      .prepare('SELECT server_id FROM id_map WHERE local_id = ?')
      .get(localId) as { server_id: string } | undefined;
    return mapped?.server_id ?? localId;
  }
});
