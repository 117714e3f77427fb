import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/core/api/api-error.ts';
import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import type { MessagingApi } from '../../../main/core/api/messaging-api.ts';
import { listAll } from '../../../main/core/api/paginate.ts';
import type { RunningServer } from './servers.ts';
import { clientOf, quietLog, startDeviant, startSandboxServer } from './servers.ts';

/**
 * The same client scenarios against the sandbox and against a server that makes
 * every open choice differently: the client must not need to know which it talks to.
 */
describe.each([
  { name: 'the sandbox', start: startSandboxServer },
  { name: 'the deviant server', start: () => startDeviant() },
])('the client against $name', ({ start }) => {
  let server: RunningServer;
  let api: MessagingApi;
  beforeAll(async () => {
    server = await start();
    api = clientOf(server);
  });
  afterAll(() => server.close());

  const openConversation = () => api.createConversation({ contactId: server.otherContactId });
  const recently = (ms: number | null) => {
    expect(ms).not.toBeNull();
    expect(Math.abs((ms ?? 0) - Date.now())).toBeLessThan(60_000);
  };

  it('creates a conversation and sends messages, with times in epoch milliseconds', async () => {
    const conversation = await openConversation();
    expect(conversation.contactId).toBe(server.otherContactId);
    recently(conversation.createdAt);

    const sent = await api.sendMessage({
      conversationId: conversation.id,
      message: 'hello & welcome',
    });
    expect(sent).toMatchObject({
      conversationId: conversation.id,
      message: 'hello & welcome',
      reactions: {},
    });
    recently(sent.createdAt);
    expect(await api.getMessage(sent.id)).toMatchObject({
      id: sent.id,
      message: 'hello & welcome',
    });
  });

  it('lists a conversation newest first, whatever order the server uses', async () => {
    const conversation = await openConversation();
    const sent = [];
    for (const text of ['one', 'two', 'three']) {
      sent.push(await api.sendMessage({ conversationId: conversation.id, message: text }));
    }
    const page = await api.listMessages({ conversationId: conversation.id, limit: 3 });
    expect(page.data.map((m) => m.id).sort()).toEqual(sent.map((m) => m.id).sort());
    const times = page.data.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('sets, merges and clears reactions', async () => {
    const conversation = await openConversation();
    const sent = await api.sendMessage({ conversationId: conversation.id, message: 'react' });
    const reacted = await api.updateMessage(sent.id, {
      reactions: { like: ['ann', 'bo'], 'party popper 🎉': ['ann'] },
    });
    expect(reacted.reactions).toEqual({ like: ['ann', 'bo'], 'party popper 🎉': ['ann'] });
    const cleared = await api.updateMessage(sent.id, { reactions: {} });
    expect(cleared.reactions).toEqual({});
  });

  it('sends attachments in the nested form', async () => {
    const conversation = await openConversation();
    const sent = await api.sendMessage({
      conversationId: conversation.id,
      message: 'files',
      attachments: [
        { name: 'plan.pdf', url: 'https://files.test/plan.pdf', mime_type: 'application/pdf' },
        { name: 'map.png', url: 'https://files.test/map.png' },
      ],
    });
    expect(sent.attachments).toHaveLength(2);
    expect(sent.attachments[1]).toMatchObject({
      name: 'map.png',
      url: 'https://files.test/map.png',
    });
  });

  it('archives with a time in the server unit, filters archived, and restores', async () => {
    const conversation = await openConversation();
    const archived = await api.updateConversation(conversation.id, { archivedAt: Date.now() });
    recently(archived.archivedAt);
    const page = await api.listConversations({ archived: true });
    expect(page.data.map((c) => c.id)).toContain(conversation.id);
    const restored = await api.updateConversation(conversation.id, { archivedAt: null });
    expect(restored.archivedAt).toBeNull();
  });

  it('pins, mutes and unpins a message', async () => {
    const conversation = await openConversation();
    const sent = await api.sendMessage({ conversationId: conversation.id, message: 'pin me' });
    const updated = await api.updateConversation(conversation.id, {
      isPinned: true,
      isMuted: true,
      pinnedMessageId: sent.id,
    });
    expect(updated).toMatchObject({ isPinned: true, isMuted: true, pinnedMessageId: sent.id });
    const muted = await api.listConversations({ muted: true, pinned: true });
    expect(muted.data.map((c) => c.id)).toContain(conversation.id);
    expect(
      (await api.updateConversation(conversation.id, { pinnedMessageId: null })).pinnedMessageId,
    ).toBeNull();
  });

  it('deletes a message and a conversation, however the server answers DELETE', async () => {
    const conversation = await openConversation();
    const sent = await api.sendMessage({ conversationId: conversation.id, message: 'bye' });
    await api.deleteMessage(sent.id);
    await expect(api.getMessage(sent.id)).rejects.toMatchObject({ kind: 'not-found' });
    await api.deleteConversation(conversation.id);
    await expect(api.getConversation(conversation.id)).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('fetches every message of a long conversation, by pages or by one large page', async () => {
    const conversation = await openConversation();
    const texts = Array.from({ length: 23 }, (_, i) => `m${i}`);
    for (const message of texts)
      await api.sendMessage({ conversationId: conversation.id, message });
    const all = await listAll(api, 'messages', { conversationId: conversation.id, limit: 5 });
    expect(all.complete).toBe(true);
    // The sandbox reuses the one direct conversation per contact, so earlier messages are there too.
    expect(all.data.map((m) => m.message)).toEqual(expect.arrayContaining(texts));
    const times = all.data.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('explains a refused request with the server words and the field', async () => {
    const error = await api
      .sendMessage({ conversationId: 'no-such-conversation', message: 'x' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(['not-found', 'invalid-input']).toContain(error.kind);
    expect(error.message).toMatch(/conversation/i);

    const tooLarge = await api.listMessages({ limit: 5000 }).catch((e) => e);
    expect(tooLarge).toMatchObject({ kind: 'invalid-input', field: 'limit' });
  });

  it('reports a wrong token as unauthorized', async () => {
    const stranger = createMessagingClient({
      baseUrl: server.url,
      getToken: async () => 'not-a-token',
      log: quietLog,
    });
    const error = await stranger.listConversations().catch((e) => e);
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(error.message).not.toContain('not-a-token');
  });
});
