import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { messageTexts, settle, startClient, type TestClient } from './harness.ts';
import { isLocalId } from '../../../shared/model/local-id.ts';
import { tempDir } from '../../support/temp-dir.ts';

const users = [
  { contactId: 'alice', token: 'token-alice-0001' },
  { contactId: 'bob', token: 'token-bob-0002' },
];

describe('two clients as two sandbox users', () => {
  let sandbox: Sandbox;
  let dir: ReturnType<typeof tempDir>;
  let alice: TestClient;
  let bob: TestClient;
  let secondDevice: TestClient | undefined;

  beforeEach(async () => {
    sandbox = await startSandbox({ users });
    dir = tempDir('parley-sync-');
    alice = startClient({
      url: sandbox.url,
      token: users[0]!.token,
      dir: `${dir.path}/a`,
      start: false,
    });
    bob = startClient({
      url: sandbox.url,
      token: users[1]!.token,
      dir: `${dir.path}/b`,
      start: false,
    });
    alice.engine.start();
    bob.engine.start();
  });

  afterEach(async () => {
    await secondDevice?.close();
    secondDevice = undefined;
    await alice.close();
    await bob.close();
    await sandbox.close();
    dir.remove();
  });

  /** Alice's second device, once the conversation she starts with bob (saying `texts`) has reached it. */
  async function aliceLaptopAfter(...texts: string[]) {
    const device = startClient({ url: sandbox.url, token: users[0]!.token, dir: `${dir.path}/a2` });
    secondDevice = device;
    const conversationId = alice.engine.writes.openOrCreateConversation({ contactId: 'bob' });
    for (const text of texts) alice.engine.writes.send({ conversationId, text, attachments: [] });
    await settle(alice);
    await settle(device);
    return { laptop: device, serverId: onlyConversationId(device) };
  }

  it("shows a message one sends in the other's open conversation within two rounds", async () => {
    const conversationId = alice.engine.writes.openOrCreateConversation({ contactId: 'bob' });
    alice.engine.writes.send({ conversationId, text: 'hello bob', attachments: [] });
    await settle(alice);
    const serverId = (
      alice.db.prepare('SELECT conversation_id AS id FROM messages').get() as { id: string }
    ).id;
    expect(isLocalId(serverId)).toBe(false);

    await settle(bob);
    bob.engine.setActivity({ focused: true, visible: true, openConversationId: serverId });
    alice.engine.writes.send({ conversationId: serverId, text: 'are you there?', attachments: [] });
    await alice.engine.outbox.flush();

    let rounds = 0;
    while (!messageTexts(bob.db, serverId).includes('are you there?') && rounds < 2) {
      await bob.engine.syncNow();
      rounds += 1;
    }
    expect(messageTexts(bob.db, serverId)).toEqual(['hello bob', 'are you there?']);
    const own = bob.db.prepare('SELECT own FROM messages WHERE text = ?').get('hello bob') as {
      own: number;
    };
    expect(own.own).toBe(0);
    expect(alice.db.prepare("SELECT value FROM meta WHERE key = 'self_contact_id'").get()).toEqual({
      value: 'alice',
    });
  });

  it('notifies about an incoming message unless the conversation is muted', async () => {
    const conversationId = alice.engine.writes.openOrCreateConversation({ contactId: 'bob' });
    alice.engine.writes.send({ conversationId, text: 'first', attachments: [] });
    await settle(alice);
    await settle(bob);
    const serverId = onlyConversationId(bob);
    const before = bob.notifier.shown.length;

    alice.engine.writes.send({ conversationId: serverId, text: 'ping', attachments: [] });
    await settle(alice);
    await bob.engine.syncNow();
    expect(bob.notifier.shown.slice(before).map((n) => n.body)).toEqual(['ping']);

    bob.engine.writes.setMuted(serverId, true, null);
    await settle(bob);
    alice.engine.writes.send({ conversationId: serverId, text: 'quiet', attachments: [] });
    await settle(alice);
    await bob.engine.syncNow();
    expect(messageTexts(bob.db, serverId)).toContain('quiet');
    expect(bob.notifier.shown.slice(before).map((n) => n.body)).toEqual(['ping']);
  });

  it('another device of the same user sees edits and deletions in its open conversation', async () => {
    const { laptop, serverId } = await aliceLaptopAfter('one', 'two');
    laptop.engine.setActivity({ focused: true, visible: true, openConversationId: serverId });
    expect(messageTexts(laptop.db, serverId)).toEqual(['one', 'two']);

    const [one, two] = alice.db
      .prepare('SELECT id FROM messages ORDER BY created_at, id')
      .all() as { id: string }[];
    alice.engine.writes.edit(two!.id, 'two (edited)');
    alice.engine.writes.deleteMessage(one!.id);
    await settle(alice);
    await laptop.engine.syncNow();
    expect(messageTexts(laptop.db, serverId)).toEqual(['two (edited)']);
  });

  it('drops pending writes for a conversation deleted on the server, with a notice', async () => {
    const { laptop, serverId } = await aliceLaptopAfter('soon gone');

    laptop.engine.setHostState({ online: false });
    laptop.engine.writes.setPinned(serverId, true);
    alice.engine.writes.deleteConversation(serverId);
    await settle(alice);
    laptop.engine.setHostState({ online: true });
    await laptop.engine.syncNow();

    expect(laptop.db.prepare('SELECT COUNT(*) AS n FROM conversations').get()).toEqual({ n: 0 });
    expect(laptop.db.prepare('SELECT COUNT(*) AS n FROM messages').get()).toEqual({ n: 0 });
    expect(laptop.engine.status().pendingWrites).toBe(0);
    expect(laptop.events.some((e) => e.type === 'notice')).toBe(true);
  });
});

/** The id the server gave the one conversation a client holds. */
function onlyConversationId(client: TestClient): string {
  return (client.db.prepare('SELECT id FROM conversations').get() as { id: string }).id;
}
