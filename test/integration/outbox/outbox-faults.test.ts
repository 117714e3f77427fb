import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { serverMessages, settle, startClient, tempDir, type TestClient } from '../sync/harness.ts';

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
    dir = tempDir();
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
    expect(local.every((m) => !m.id.startsWith('local_'))).toBe(true);
  });

  it('loses and duplicates nothing while the server fails, stalls and drops connections', async () => {
    sandbox.setFaults('5xx=0.2,reset=0.1,lost=0.1,latency=5-40');
    const texts = Array.from({ length: 60 }, (_, i) => `faulty ${i}`);
    for (const [i, text] of texts.entries()) {
      client.engine.writes.send({ conversationId, text, attachments: [] });
      if (i % 10 === 9) await client.engine.syncNow().catch(() => {});
    }
    const [first] = client.db
      .prepare('SELECT id FROM messages WHERE id NOT LIKE ? LIMIT 1')
      .all('local_%') as { id: string }[];
    if (first) client.engine.writes.react(first.id, 'thumbs', true);
    client.engine.writes.setPinned(conversationId, true);

    await settle(client, 400);
    sandbox.setFaults(null);
    await settle(client);

    const onServer = await serverMessages(client.api, conversationId);
    expect(onServer.map((m) => m.message)).toEqual(texts);
    expect((await client.api.getConversation(conversationId)).isPinned).toBe(true);
  });
});
