import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import {
  messageTexts,
  recordCalls,
  serverMessages,
  settle,
  startClient,
  type TestClient,
} from '../sync/harness.ts';
import { tempDir } from '../../support/temp-dir.ts';

const users = [
  { contactId: 'alice', token: 'token-alice-0001' },
  { contactId: 'bob', token: 'token-bob-0002' },
];

/** What the outbox sent, write by write: the API calls that change something. */
const writesIn = (calls: string[]) =>
  calls.filter((call) => !call.startsWith('list') && !call.startsWith('get'));

describe('editing a message that is still waiting to be sent', () => {
  let dir: ReturnType<typeof tempDir>;
  let sandbox: Sandbox;
  let client: TestClient;
  let calls: string[];
  let conversationId: string;

  beforeEach(async () => {
    dir = tempDir('parley-unsent-edits-');
    sandbox = await startSandbox({ users, dataFile: join(dir.path, 'server.db') });
    client = startClient({
      url: sandbox.url,
      token: users[0]!.token,
      dir: join(dir.path, 'client'),
      wrapApi: (api) => {
        const recorded = recordCalls(api);
        calls = recorded.calls;
        return recorded.api;
      },
    });
    client.engine.writes.openOrCreateConversation({ contactId: 'bob' });
    await settle(client);
    conversationId = (client.db.prepare('SELECT id FROM conversations').get() as { id: string }).id;
    calls.length = 0;
  });

  afterEach(async () => {
    await client.close();
    await sandbox.close();
    dir.remove();
  });

  it('sends the new text, once, with no edit behind it, when the send had not left', async () => {
    // Offline, as the system reports it: nothing is tried until the connection is back.
    client.engine.setHostState({ online: false });
    const id = client.engine.writes.send({ conversationId, text: 'see you at 5', attachments: [] });
    client.engine.writes.edit(id, 'see you at 6');
    client.engine.writes.edit(id, 'see you at 7');
    expect(messageTexts(client.db, conversationId)).toEqual(['see you at 7']);
    client.engine.setHostState({ online: true });
    await settle(client);

    expect(writesIn(calls)).toEqual(['sendMessage']);
    const [onServer] = await serverMessages(client.api, conversationId);
    expect(onServer).toMatchObject({ message: 'see you at 7', updatedAt: null });
    const local = client.db.prepare('SELECT text, edited_at FROM messages').get();
    expect(local).toEqual({ text: 'see you at 7', edited_at: null });
  });

  it('sends an edit after it when the send was tried: the server may already have it', async () => {
    const port = Number(new URL(sandbox.url).port);
    await sandbox.close();
    const id = client.engine.writes.send({ conversationId, text: 'see you at 5', attachments: [] });
    await client.engine.outbox.flush();
    client.engine.writes.edit(id, 'see you at 6');
    sandbox = await startSandbox({ users, port, dataFile: join(dir.path, 'server.db') });
    await settle(client);

    expect(writesIn(calls).filter((call) => call !== 'sendMessage')).toEqual(['updateMessage']);
    const onServer = await serverMessages(client.api, conversationId);
    expect(onServer.map((message) => message.message)).toEqual(['see you at 6']);
    expect(onServer[0]!.updatedAt).not.toBeNull();
  });

  it('reaches the message under the server’s id when it was confirmed while being edited', async () => {
    const id = client.engine.writes.send({ conversationId, text: 'see you at 5', attachments: [] });
    await settle(client);
    client.engine.writes.edit(id, 'see you at 6');
    client.engine.writes.deleteMessage(id);
    await settle(client);

    expect(writesIn(calls)).toEqual(['sendMessage', 'updateMessage', 'deleteMessage']);
    expect(await serverMessages(client.api, conversationId)).toEqual([]);
  });
});
