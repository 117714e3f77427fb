import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import type { MessagingApi } from '../../../main/core/api/messaging-api.ts';
import { listAll } from '../../../main/core/api/paginate.ts';
import { silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { startDeviantServer, type DeviantServer } from '../../support/deviant-server.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { settle, startClient, type TestClient } from './harness.ts';

/**
 * A server that ignores `starting_after` (and lists oldest first, in
 * milliseconds): whatever it lists for a conversation must end up local, and
 * a write on a message it lists works even before the app has stored it.
 */
const PER_CONVERSATION = 15;

describe('sync against a server that ignores the paging cursor', () => {
  let server: DeviantServer;
  let dir: ReturnType<typeof tempDir>;
  let client: TestClient;
  let other: MessagingApi;
  const conversations: string[] = [];

  beforeEach(async () => {
    server = await startDeviantServer();
    dir = tempDir('parley-ignored-cursor-');
    other = createMessagingClient({
      baseUrl: server.url,
      getToken: async () => server.token,
      log: silentLogger,
    });
    conversations.length = 0;
    // More messages in all than one page of the all-conversations list holds, and more
    // conversations than the few most recent ones every round looks at.
    for (let c = 0; c < 8; c++) {
      conversations.push((await other.createConversation({ contactId: `contact-${c}` })).id);
    }
    for (let i = 0; i < PER_CONVERSATION; i++) {
      for (const conversationId of conversations) {
        await other.sendMessage({ conversationId, message: `message ${i}` });
      }
    }
  });

  afterEach(async () => {
    await client.close();
    await server.close();
    dir.remove();
  });

  const localIds = (conversationId: string) =>
    (
      client.db
        .prepare('SELECT id FROM messages WHERE conversation_id = ?')
        .all(conversationId) as { id: string }[]
    ).map((row) => row.id);

  it('stores every message the server lists for each conversation', async () => {
    client = startClient({ url: server.url, token: server.token, dir: dir.path });
    await settle(client);
    for (const conversationId of conversations) {
      const listed = await listAll(other, 'messages', { conversationId, limit: 100 });
      expect(listed.data).toHaveLength(PER_CONVERSATION);
      expect(localIds(conversationId).sort()).toEqual(listed.data.map((m) => m.id).sort());
    }
  });

  it('deletes a message the server listed, and one it has not stored yet', async () => {
    client = startClient({ url: server.url, token: server.token, dir: dir.path });
    await settle(client);
    const [first] = conversations as [string];
    const listed = await listAll(other, 'messages', { conversationId: first, limit: 100 });
    const newest = listed.data[0]!;
    await client.engine.writes.deleteMessage(newest.id);

    const unseen = await other.sendMessage({ conversationId: first, message: 'not synced yet' });
    await client.engine.writes.deleteMessage(unseen.id);
    expect(localIds(first)).not.toContain(unseen.id);

    await settle(client);
    expect(client.engine.status()).toMatchObject({ pendingWrites: 0, failedWrites: 0 });
    const after = await listAll(other, 'messages', { conversationId: first, limit: 100 });
    expect(after.data.map((m) => m.id)).not.toContain(newest.id);
    expect(after.data.map((m) => m.id)).not.toContain(unseen.id);
    expect(after.data).toHaveLength(PER_CONVERSATION - 1);
  });
});
