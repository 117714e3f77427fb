import { createServer, type IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../shared/ipc/events.ts';
import { createCore, type Core } from '../../../main/core/create-core.ts';
import { plainNodeDeps } from '../core-harness.ts';
import { listenOnLoopback, type Listening } from '../../support/loopback.ts';
import { deliver, notification, SECRET, sign, signedDelivery } from './receiver-harness.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';

let dataDir: string;
let core: Core;
let events: CoreEvent[];
const responses: unknown[] = [];

async function call(channel: string, request: unknown = {}) {
  const result = await core.router.handle(channel, request);
  responses.push(result);
  return result;
}
async function value<T = Record<string, unknown>>(channel: string, request: unknown = {}) {
  const result = await call(channel, request);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

beforeEach(async () => {
  dataDir = makeTempDir('parley-webhooks-ipc-');
  core = createCore(plainNodeDeps(dataDir));
  events = [];
  core.onEvent((event) => events.push(event));
  core.settings.update({ webhooks: { delivery: 'direct', enabled: true, port: 0 } });
  await core.start();
  // Only the user's own receiver: the demo workspace's activity would mix in.
  await core.router.handle('session:signOut', { clearLocalData: true });
});
afterEach(async () => {
  await core.stop();
  removeTempDir(dataDir);
  responses.length = 0;
});

async function receiverEndpoint() {
  const status = await value<{ url: string }>('webhooks:status');
  const { pem } = await value<{ pem: string }>('webhooks:exportCertificate');
  return { url: status.url, ca: pem };
}

describe('webhooks over IPC', () => {
  it('starts the receiver from settings and reports where it listens', async () => {
    const status = await value('webhooks:status');
    expect(status).toMatchObject({
      listening: true,
      url: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+\/webhooks\/catalogue$/),
      certificateFingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
      error: expect.stringContaining('secret'),
    });

    core.settings.update({ webhooks: { enabled: false } });
    await expect.poll(async () => (await value('webhooks:status')).listening).toBe(false);
  });

  it('accepts deliveries once the secret is set, and never hands the secret back', async () => {
    const { url, ca } = await receiverEndpoint();
    const event = notification('order.created', { number: 'SO-1' });
    expect((await deliver(url, ca, signedDelivery(event))).status).toBe(401);

    const presence = await value('webhooks:setSecret', { secret: SECRET });
    // Shorter than 32 characters: the hint gives none of it away.
    expect(presence).toMatchObject({ webhookSecret: true, webhookSecretHint: null });
    expect((await deliver(url, ca, signedDelivery(event))).status).toBe(200);
    expect((await value('webhooks:status')).error).toBeNull();

    await value('webhooks:setCatalogueToken', {
      catalogueUrl: 'https://catalogue.example.org',
      token: 'catalogue-token-secret',
    });
    await value('settings:get');
    const everything = JSON.stringify(responses);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain('catalogue-token-secret');
  });

  it('lists activity newest first, filtered, with unseen counts, and marks items seen', async () => {
    await value('webhooks:setSecret', { secret: SECRET });
    const { url, ca } = await receiverEndpoint();
    const sent = [
      notification('order.created', { number: 'SO-1' }, '2025-05-01T08:00:00Z'),
      notification('invoice.created', { id: 'inv-1' }, '2025-05-01T09:00:00Z'),
      notification('order.updated', { number: 'SO-1' }, '2025-05-01T10:00:00Z'),
    ];
    for (const event of sent) await deliver(url, ca, signedDelivery(event));
    await expect.poll(() => events.some((event) => event.type === 'activity')).toBe(true);

    const all = await value<{ items: { id: string }[]; total: number; unseen: number }>(
      'activity:list',
      {},
    );
    expect(all.items.map((item) => item.id)).toEqual(sent.map((event) => event.id).reverse());
    expect([all.total, all.unseen]).toEqual([3, 3]);

    const orders = await value<{ items: { id: string }[]; total: number }>('activity:list', {
      types: ['order.created', 'order.updated'],
      limit: 1,
    });
    expect([orders.items.map((item) => item.id), orders.total]).toEqual([[sent[2]?.id], 2]);

    await value('activity:markSeen', { ids: [sent[0]?.id, sent[2]?.id] });
    expect((await value('activity:list', {})).unseen).toBe(1);
  });

  it('refuses malformed activity requests with a clear error', async () => {
    const bad = await call('activity:list', { limit: 0 });
    const extra = await call('activity:markSeen', { ids: [], __proto__: { x: 1 }, other: true });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-request', field: 'limit' } });
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });
});

describe('webhook registration over IPC', () => {
  let catalogue: Listening;
  let catalogueUrl: string;
  const received: { auth: string | undefined; body: unknown }[] = [];

  beforeEach(async () => {
    received.length = 0;
    const server = createServer(async (request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
      received.push({ auth: request.headers.authorization, body });
      response.setHeader('content-type', 'application/json');
      if (body.events?.includes('order.created')) {
        response.end(JSON.stringify({ id: 'wh_1', ...body }));
      } else {
        response.statusCode = 422;
        response.end(JSON.stringify({ error: { message: 'order.created is required here' } }));
      }
    });
    catalogue = await listenOnLoopback(server);
    catalogueUrl = `http://127.0.0.1:${catalogue.port}`;
  });
  afterEach(() => catalogue.close());

  const registration = (events: string[]) => ({
    catalogueUrl,
    notificationUrl: 'https://hooks.example.org/parley',
    events,
  });

  it('registers with the stored catalogue token and returns the registration id', async () => {
    await value('webhooks:setCatalogueToken', { catalogueUrl, token: 'cat-token' });
    const result = await value(
      'webhooks:register',
      registration(['order.created', 'invoice.created']),
    );
    expect(result).toEqual({
      id: 'wh_1',
      notificationUrl: 'https://hooks.example.org/parley',
      events: ['order.created', 'invoice.created'],
    });
    expect(received).toEqual([
      {
        auth: 'Bearer cat-token',
        body: {
          notificationUrl: 'https://hooks.example.org/parley',
          events: ['order.created', 'invoice.created'],
        },
      },
    ]);
  });

  it("shows the service's own message when it refuses", async () => {
    await value('webhooks:setCatalogueToken', { catalogueUrl, token: 'cat-token' });
    const result = await call('webhooks:register', registration(['invoice.created']));
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        message: expect.stringContaining('order.created is required here'),
      },
    });
  });

  it('refuses before sending: no token, a plain-http notification URL, an unknown event type', async () => {
    const noToken = await call('webhooks:register', registration(['order.created']));
    await value('webhooks:setCatalogueToken', { catalogueUrl, token: 'cat-token' });
    const plainHttp = await call('webhooks:register', {
      ...registration(['order.created']),
      notificationUrl: 'http://hooks.example.org/parley',
    });
    const unknownType = await call('webhooks:register', registration(['order.exploded']));

    expect(noToken).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(plainHttp).toMatchObject({
      ok: false,
      error: { code: 'invalid-request', field: 'notificationUrl' },
    });
    expect(unknownType).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(received).toEqual([]);
  });
});

// The signature helper is shared with the receiver tests; keep it honest here too.
it('signs like the catalogue service: hex HMAC-SHA256 of the body', () => {
  expect(sign('abc', 'key')).toBe(
    '9c196e32dc0175f86f4b1cb89289d6619de6bee699e4c378e68309ed97a1a6ab',
  );
});
