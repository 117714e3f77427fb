import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/core/api/api-error.ts';
import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import type { Scripted } from './scripted-server.ts';
import { recordingLog, scriptedServersPerTest, startScriptedServer } from './scripted-server.ts';

const TOKEN = 'tok-secret-123';
const startServer = scriptedServersPerTest();

async function clientFor(...script: Scripted[]) {
  const server = await startServer(...script);
  const recorder = recordingLog();
  const client = createMessagingClient({
    baseUrl: server.url,
    getToken: async () => TOKEN,
    log: recorder.log,
    timeoutMs: 2_000,
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
  });
  return { client, server, recorder };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error as ApiError,
  );

const message = (id: string, createdAt: number, fields: Record<string, unknown> = {}) => ({
  id,
  conversation_id: 'c1',
  contact: { id: 'u1', username: 'ann' },
  message: `text ${id}`,
  reactions: [],
  attachments: [],
  read_at: null,
  created_at: createdAt,
  updated_at: null,
  ...fields,
});
const conversation = (id: string, createdAt: number) => ({
  id,
  contact_id: 'u1',
  created_at: createdAt,
});

describe('requests', () => {
  it('sends the bearer token, query parameters and a form body', async () => {
    const { client, server } = await clientFor(
      { body: { has_more: false, data: [] } },
      { status: 201, body: message('m1', 1_700_000_000) },
    );
    await client.listMessages({ conversationId: 'c 1', limit: 5 });
    await client.sendMessage(
      { conversationId: 'c1', message: 'hi & bye' },
      { idempotencyKey: 'key-1' },
    );
    const [list, send] = server.seen;
    expect(list?.method).toBe('GET');
    expect(list?.url).toBe('/v1/messages?conversation_id=c+1&limit=5');
    expect(list?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(send?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(send?.headers['idempotency-key']).toBe('key-1');
    expect(Object.fromEntries(new URLSearchParams(send?.body))).toEqual({
      conversation_id: 'c1',
      message: 'hi & bye',
    });
  });

  it('keeps a path prefix of the base URL and escapes ids in paths', async () => {
    const server = await startServer({ body: message('a/b', 1_700_000_000) });
    const client = createMessagingClient({
      baseUrl: `${server.url}/api`,
      getToken: async () => TOKEN,
      log: recordingLog().log,
    });
    await client.getMessage('a/b');
    expect(server.seen[0]?.url).toBe('/api/v1/messages/a%2Fb');
  });

  it('refuses bad input before anything is sent', async () => {
    const { client, server } = await clientFor({});
    for (const call of [
      () => client.getMessage(''),
      () => client.listMessages({ limit: 0 }),
      () => client.updateConversation('c1', {}),
      () => client.updateMessage('m1', { reactions: { '[x]': ['a'] } }),
    ]) {
      expect((await failure(call())).kind).toBe('invalid-input');
    }
    expect(server.seen).toHaveLength(0);
  });

  it('sends nothing without a token', async () => {
    const server = await startServer({});
    const client = createMessagingClient({
      baseUrl: server.url,
      getToken: async () => null,
      log: recordingLog().log,
    });
    expect((await failure(client.listConversations())).kind).toBe('unauthorized');
    expect(server.seen).toHaveLength(0);
  });

  it('treats DELETE answered 200 with a body, 200 empty or 204 alike', async () => {
    const { client, server } = await clientFor(
      { status: 200, body: { id: 'm1', deleted: true } },
      { status: 200 },
      { status: 204 },
    );
    await client.deleteMessage('m1');
    await client.deleteMessage('m2');
    await client.deleteConversation('c1');
    expect(server.seen.map((request) => request.method)).toEqual(['DELETE', 'DELETE', 'DELETE']);
  });
});

describe('errors', () => {
  it.each<[string, Scripted, Partial<ApiError>]>([
    [
      '401 plain text',
      { status: 401, body: 'token expired' },
      { kind: 'unauthorized', status: 401, message: 'token expired' },
    ],
    [
      '403 empty',
      { status: 403 },
      { kind: 'unauthorized', message: 'The server did not accept the access token.' },
    ],
    [
      '404 {message}',
      { status: 404, body: { message: 'No message m9' } },
      { kind: 'not-found', message: 'No message m9', field: null },
    ],
    [
      '400 {error:{message,param}}',
      { status: 400, body: { error: { type: 'invalid', message: 'too big', param: 'limit' } } },
      { kind: 'invalid-input', message: 'too big', field: 'limit' },
    ],
    [
      '422 {errors:[...]}',
      { status: 422, body: { errors: [{ message: 'is required', field: 'message' }] } },
      { kind: 'invalid-input', message: 'is required', field: 'message' },
    ],
    [
      '409 {error:"..."}',
      { status: 409, body: { error: 'already exists' } },
      { kind: 'invalid-input', message: 'already exists' },
    ],
    ['413 empty', { status: 413 }, { kind: 'invalid-input', status: 413 }],
    [
      '415 text',
      { status: 415, body: 'form only' },
      { kind: 'invalid-input', message: 'form only' },
    ],
    [
      '429 with Retry-After beyond what the client waits for',
      { status: 429, headers: { 'retry-after': '120' } },
      { kind: 'rate-limited', retryAfterMs: 120_000 },
    ],
    [
      '500 HTML page',
      { status: 500, body: '<html>oops</html>' },
      { kind: 'server', message: 'The server ran into a problem.' },
    ],
  ])('maps %s', async (_label, answer, expected) => {
    const { client } = await clientFor(answer);
    const error = await failure(client.updateMessage('m1', { message: 'x' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject(expected);
  });

  it('never shows or logs the token, even when the server echoes it', async () => {
    const { client, recorder } = await clientFor({
      status: 500,
      body: { message: `bad header Bearer ${TOKEN}` },
    });
    const error = await failure(client.listMessages());
    expect(error.message).toBe('bad header Bearer [redacted]');
    expect(recorder.lines.length).toBeGreaterThan(0);
    expect(recorder.text()).not.toContain(TOKEN);
  });

  it('reports a server that cannot be reached as a network error', async () => {
    const server = await startScriptedServer({});
    const url = server.url;
    await server.close();
    const client = createMessagingClient({
      baseUrl: url,
      getToken: async () => TOKEN,
      log: recordingLog().log,
      retry: { retries: 0 },
    });
    expect(await failure(client.listMessages())).toMatchObject({ kind: 'network', status: null });
  });

  it('gives up on a silent server with a timeout error', async () => {
    const { server } = await clientFor({ hang: true });
    const client = createMessagingClient({
      baseUrl: server.url,
      getToken: async () => TOKEN,
      log: recordingLog().log,
      timeoutMs: 200,
      retry: { retries: 0 },
    });
    expect(await failure(client.getConversation('c1'))).toMatchObject({ kind: 'timeout' });
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    const { client, server } = await clientFor({ hang: true });
    const controller = new AbortController();
    const pending = client.listMessages({ signal: controller.signal });
    // Aborted once the request is under way (waiting for the server, not for a time).
    await expect.poll(() => server.seen.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.seen).toHaveLength(1);
  });

  it('turns an unreadable single record into a server error', async () => {
    const { client, recorder } = await clientFor({ body: { id: 'm1' } }, { body: 'not json' });
    expect(await failure(client.getMessage('m1'))).toMatchObject({ kind: 'server', status: 200 });
    expect(await failure(client.getMessage('m1'))).toMatchObject({ kind: 'server' });
    expect(recorder.lines.some((line) => line.message === 'api record unreadable')).toBe(true);
  });
});

describe('retries', () => {
  it('retries a read after 503 and 429 with Retry-After', async () => {
    const { client, server } = await clientFor(
      { status: 503 },
      { status: 429, headers: { 'retry-after': '0' } },
      { body: { has_more: false, data: [conversation('c1', 1_700_000_000)] } },
    );
    const page = await client.listConversations();
    expect(page.data.map((c) => c.id)).toEqual(['c1']);
    expect(server.seen).toHaveLength(3);
  });

  it('gives up after two retries', async () => {
    const { client, server } = await clientFor({ status: 502 });
    expect(await failure(client.listMessages())).toMatchObject({ kind: 'server', status: 502 });
    expect(server.seen).toHaveLength(3);
  });

  it('never repeats a write without an idempotency key', async () => {
    const { client, server } = await clientFor({ status: 503 });
    await failure(client.sendMessage({ conversationId: 'c1', message: 'once' }));
    await failure(client.deleteMessage('m1'));
    expect(server.seen).toHaveLength(2);
  });

  it('repeats a write that carries an idempotency key, with the same key', async () => {
    const { client, server } = await clientFor(
      { status: 503 },
      { status: 201, body: message('m1', 1_700_000_000) },
    );
    await client.sendMessage({ conversationId: 'c1', message: 'once' }, { idempotencyKey: 'k7' });
    expect(server.seen.map((request) => request.headers['idempotency-key'])).toEqual(['k7', 'k7']);
  });

  it('does not retry a refusal', async () => {
    const { client, server } = await clientFor({ status: 404, body: { message: 'gone' } });
    await failure(client.getMessage('m1'));
    expect(server.seen).toHaveLength(1);
  });
});

describe('lists and detection', () => {
  it('skips and logs a malformed record and uses the rest of the page', async () => {
    const { client, recorder } = await clientFor({
      body: {
        has_more: false,
        data: [
          message('m2', 1_700_000_002),
          { id: 'bad', created_at: 'x' },
          message('m1', 1_700_000_001),
        ],
      },
    });
    const page = await client.listMessages();
    expect(page.data.map((m) => m.id)).toEqual(['m2', 'm1']);
    expect(page.skipped).toBe(1);
    expect(recorder.lines).toContainEqual(
      expect.objectContaining({
        message: 'api record skipped',
        fields: expect.objectContaining({ id: 'bad' }),
      }),
    );
  });

  it('refuses a list that is not a {data, has_more} envelope', async () => {
    const { client } = await clientFor({ body: [message('m1', 1)] });
    expect(await failure(client.listMessages())).toMatchObject({ kind: 'server' });
  });

  it('returns pages newest first from an oldest-first server, and continues its cursor', async () => {
    const { client, server } = await clientFor(
      {
        body: {
          has_more: true,
          data: [message('m1', 1_700_000_001_000), message('m2', 1_700_000_002_000)],
        },
      },
      { body: { has_more: false, data: [message('m3', 1_700_000_003_000)] } },
    );
    const first = await client.listMessages({ limit: 2 });
    expect(first.data.map((m) => [m.id, m.createdAt])).toEqual([
      ['m2', 1_700_000_002_000],
      ['m1', 1_700_000_001_000],
    ]);
    expect(first.nextCursor).toBe('m2');
    expect(client.traits).toEqual({
      timestampUnit: 'milliseconds',
      listOrder: 'oldest-first',
      cursor: 'unknown',
    });
    const second = await client.listMessages({ limit: 2, startingAfter: 'm2' });
    expect(second.data.map((m) => m.id)).toEqual(['m3']);
    expect(server.seen[1]?.url).toBe('/v1/messages?limit=2&starting_after=m2');
    expect(client.traits.cursor).toBe('starting_after');
  });

  it('recognises a server that ignores the cursor and ends the paging', async () => {
    const firstPage = {
      has_more: true,
      data: [message('m2', 1_700_000_002), message('m1', 1_700_000_001)],
    };
    const { client, recorder } = await clientFor({ body: firstPage });
    const first = await client.listMessages({ limit: 2 });
    const second = await client.listMessages({ limit: 2, startingAfter: first.nextCursor ?? '' });
    expect(second).toEqual({
      data: [],
      hasMore: false,
      nextCursor: null,
      skipped: 0,
      cursorIgnored: true,
    });
    expect(client.traits).toMatchObject({
      listOrder: 'newest-first',
      cursor: 'ignored',
      timestampUnit: 'seconds',
    });
    expect(
      recorder.lines.filter((line) => line.message === 'api server trait learned'),
    ).toHaveLength(3);
  });
});
