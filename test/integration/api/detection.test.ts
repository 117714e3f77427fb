import { afterEach, describe, expect, it } from 'vitest';
import { listAll } from '../../../main/core/api/paginate.ts';
import { recordingLog } from '../../unit/api/scripted-server.ts';
import { clientOf, startDeviant, startSandboxServer } from './servers.ts';

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function seeded(
  server: Awaited<ReturnType<typeof startDeviant>> | Awaited<ReturnType<typeof startSandboxServer>>,
  count: number,
) {
  running.push(server);
  const recorder = recordingLog();
  const api = clientOf(server, recorder.log);
  const conversation = await api.createConversation({ contactId: server.otherContactId });
  for (let i = 0; i < count; i += 1) {
    await api.sendMessage({ conversationId: conversation.id, message: `n${i}` });
  }
  return { api, conversation, recorder };
}

describe('what the client learns about the server', () => {
  it('learns milliseconds, oldest first and an ignored cursor from the deviant server', async () => {
    const { api, conversation, recorder } = await seeded(await startDeviant(), 12);
    const first = await api.listMessages({ conversationId: conversation.id, limit: 4 });
    expect(first.data.map((m) => m.message)).toEqual(['n3', 'n2', 'n1', 'n0']);
    const second = await api.listMessages({
      conversationId: conversation.id,
      limit: 4,
      startingAfter: first.nextCursor ?? '',
    });
    expect(second).toMatchObject({ data: [], hasMore: false, cursorIgnored: true });
    expect(api.traits).toEqual({
      timestampUnit: 'milliseconds',
      listOrder: 'oldest-first',
      cursor: 'ignored',
    });
    const learned = recorder.lines.filter((line) => line.message === 'api server trait learned');
    expect(learned.map((line) => line.fields?.trait).sort()).toEqual([
      'cursor',
      'listOrder',
      'timestampUnit',
    ]);

    const all = await listAll(api, 'messages', { conversationId: conversation.id, limit: 4 });
    expect(all).toMatchObject({ complete: true, via: 'large-limit' });
    expect(all.data.map((m) => m.message)).toEqual(
      Array.from({ length: 12 }, (_, i) => `n${11 - i}`),
    );
  });

  it('learns seconds and a working cursor from the sandbox', async () => {
    const { api, conversation } = await seeded(await startSandboxServer(), 7);
    const all = await listAll(api, 'messages', { conversationId: conversation.id, limit: 3 });
    expect(all).toMatchObject({ complete: true, via: 'pages' });
    expect(all.data).toHaveLength(7);
    expect(api.traits).toMatchObject({ timestampUnit: 'seconds', cursor: 'starting_after' });
  });

  it('keeps only the first page, marked incomplete, from a server that neither pages nor allows a larger limit', async () => {
    const { api, conversation } = await seeded(await startDeviant({ maxLimit: 5 }), 12);
    const all = await listAll(api, 'messages', { conversationId: conversation.id, limit: 5 });
    expect(all).toMatchObject({ complete: false, via: 'first-page-only' });
    expect(all.data.map((m) => m.message)).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);
  });

  it('skips a malformed stored record and uses the rest of the list', async () => {
    const server = await startDeviant();
    const { api, conversation, recorder } = await seeded(server, 2);
    server.storeRawMessage({
      id: 'legacy-1',
      conversation_id: Number(conversation.id),
      created_at: 'long ago',
    });
    const page = await api.listMessages({ conversationId: conversation.id });
    expect(page.data.map((m) => m.message)).toEqual(['n1', 'n0']);
    expect(page.skipped).toBe(1);
    expect(recorder.lines).toContainEqual(
      expect.objectContaining({
        message: 'api record skipped',
        fields: expect.objectContaining({ id: 'legacy-1' }),
      }),
    );
  });

  it('accepts DELETE answered 200 with an empty body', async () => {
    const { api, conversation } = await seeded(
      await startDeviant({ deleteAnswer: 'empty-200' }),
      1,
    );
    await api.deleteConversation(conversation.id);
    expect((await api.listConversations()).data).toEqual([]);
  });
});

describe('retries against a real server', () => {
  it('repeats a send whose answer was lost, and the idempotency key keeps it single', async () => {
    const server = await startDeviant();
    const { api, conversation } = await seeded(server, 0);
    server.failNext({ dropAfterProcessing: true });
    const sent = await api.sendMessage(
      { conversationId: conversation.id, message: 'exactly once' },
      { idempotencyKey: 'send-1' },
    );
    expect(sent.message).toBe('exactly once');
    expect(server.messageCount()).toBe(1);
  });

  it('does not repeat a send without a key, so a lost answer cannot make a duplicate', async () => {
    const server = await startDeviant();
    const { api, conversation } = await seeded(server, 0);
    server.failNext({ dropAfterProcessing: true });
    const error = await api
      .sendMessage({ conversationId: conversation.id, message: 'maybe' })
      .catch((e) => e);
    expect(error).toMatchObject({ kind: 'network' });
    expect(server.messageCount()).toBe(1);
  });

  it('waits out a 429 with Retry-After and a 503 on a read', async () => {
    const server = await startDeviant();
    const { api } = await seeded(server, 0);
    server.failNext(
      { status: 429, headers: { 'retry-after': '0' }, body: 'slow down' },
      { status: 503, body: 'maintenance' },
    );
    const page = await api.listConversations();
    expect(page.data).toHaveLength(1);
  });

  it('hands a long Retry-After back to the caller instead of waiting', async () => {
    const server = await startDeviant();
    const { api } = await seeded(server, 0);
    server.failNext({
      status: 429,
      headers: { 'retry-after': '3600', 'content-type': 'text/plain' },
      body: 'Too many requests',
    });
    const error = await api.listConversations().catch((e) => e);
    expect(error).toMatchObject({
      kind: 'rate-limited',
      retryAfterMs: 3_600_000,
      message: 'Too many requests',
    });
  });
});
