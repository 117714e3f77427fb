import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { request } from 'node:https';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core/create-core.ts';
import { plainNodeDeps } from '../core-harness.ts';
import { memoryVault, recordingNotifier } from '../../../main/core/ports/node-adapters.ts';
import type { SecretVault } from '../../../main/core/ports/ports.ts';
import type { ActivityItem } from '../../../shared/model/activity.ts';
import type { RelayStatus } from '../../../shared/model/relay.ts';
import { DEFAULT_SETTINGS } from '../../../shared/model/settings.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';

const USER_SECRET = 'the-users-own-webhook-secret';
const SEEDING_TIMEOUT_MS = 15_000;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

interface Started {
  core: Core;
  vault: SecretVault;
  dataDir: string;
  notifier: ReturnType<typeof recordingNotifier>;
  /** Ids of the items in every `activity` event, in order. */
  announced: string[];
  stopped: boolean;
}

async function startCore(): Promise<Started> {
  const dataDir = makeTempDir('parley-demo-');
  const vault = memoryVault({ 'webhook-secret': USER_SECRET });
  const notifier = recordingNotifier();
  const core = createCore(plainNodeDeps(dataDir, { vault, notifier }));
  const started: Started = { core, vault, dataDir, notifier, announced: [], stopped: false };
  core.onEvent((event) => {
    if (event.type === 'activity') started.announced.push(...event.items.map((item) => item.id));
  });
  cleanups.push(() => removeTempDir(dataDir));
  cleanups.push(async () => {
    if (!started.stopped) await core.stop();
  });
  await core.start();
  return started;
}

async function invoke<T>(core: Core, channel: string, request: unknown = {}): Promise<T> {
  const answer = await core.router.handle(channel, request);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
  return answer.value as T;
}

const activity = (core: Core) =>
  invoke<{ items: ActivityItem[]; total: number; unseen: number }>(core, 'activity:list', {
    offset: 0,
    limit: 200,
  });

/**
 * Waits until every event the demo service has published (its history, at
 * first) has arrived, leaving out those in `excluded`; answers them.
 */
async function seeded(
  { core, vault }: Pick<Started, 'core' | 'vault'>,
  excluded = new Set<string>(),
): Promise<ActivityItem[]> {
  const log = (await askDemoService(core, vault, '/_sandbox/deliveries?limit=100')) as DeliveryLog;
  const published = log.data.map((notification) => notification.id);
  expect(published.length).toBeGreaterThan(20);
  let items: ActivityItem[] = [];
  await expect
    .poll(
      async () => {
        items = (await activity(core)).items.filter((item) => !excluded.has(item.id));
        return published.filter((id) => !items.some((item) => item.id === id));
      },
      { timeout: SEEDING_TIMEOUT_MS, interval: 100 },
    )
    .toEqual([]);
  return items;
}

/** Asks the demo workspace's embedded service directly, with the demo's token. */
async function askDemoService(
  core: Core,
  vault: SecretVault,
  path: string,
  body?: object,
): Promise<unknown> {
  const { baseUrl } = await invoke<{ baseUrl: string }>(core, 'session:get');
  const response = await fetch(`${baseUrl}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${await vault.get('demo-token')}`,
      'content-type': 'application/json',
    },
    body: body && JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
  return response.json();
}

interface DeliveryLog {
  data: { id: string; deliveries: { notificationUrl: string; state: string }[] }[];
}

/** Where the demo service delivers (its relay), as its own delivery log says. */
async function demoRelayHooks({ core, vault }: Started): Promise<URL> {
  const log = (await askDemoService(core, vault, '/_sandbox/deliveries?limit=1')) as DeliveryLog;
  const delivery = log.data[0]?.deliveries[0];
  expect(delivery?.state).toBe('delivered');
  return new URL(delivery?.notificationUrl ?? '');
}

function post(url: URL, ca: string, body: string, signature: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      ca,
      agent: false,
      headers: { 'content-type': 'application/json', 'x-webhook-signature': signature },
    });
    req.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('demo workspace activity', () => {
  it('fills the activity view with the demo shop’s last weeks, delivered over HTTPS', async () => {
    const started = await startCore();
    const items = await seeded(started);
    const types = new Set(items.map((item) => item.type));
    for (const type of ['product.created', 'order.created', 'order.updated', 'invoice.created']) {
      expect(types).toContain(type);
    }
    const times = items.map((item) => Date.parse(item.timestamp));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(10 * 86_400_000);
    const order = items.find((item) => item.type === 'order.created');
    expect(order?.payload).toMatchObject({ customerId: expect.any(String) });
  });

  it('opens a real demo conversation for an order’s customer', async () => {
    const started = await startCore();
    const { core } = started;
    const order = (await seeded(started)).find((item) => item.type === 'order.created');
    await invoke(core, 'sync:now');
    const { conversationId } = await invoke<{ conversationId: string }>(
      core,
      'orders:messageCustomer',
      { customerId: order?.payload.customerId },
    );
    expect(conversationId).not.toMatch(/^local_/);
    const conversation = await invoke<{ contactId: string; lastMessage: unknown } | null>(
      core,
      'conversations:get',
      { id: conversationId },
    );
    expect(conversation).toMatchObject({ contactId: order?.payload.customerId });
    expect(conversation?.lastMessage).not.toBeNull();
  });

  it('keeps the seeded back-story as seen, with no notification: only later events are new', async () => {
    const started = await startCore();
    const { core, vault, notifier, announced } = started;
    const ids = (await seeded(started)).map((item) => item.id);
    await expect.poll(() => ids.filter((id) => !announced.includes(id))).toEqual([]);
    expect(notifier.shown).toEqual([]);
    expect(await activity(core)).toMatchObject({ total: ids.length, unseen: 0 });

    const { id } = (await askDemoService(core, vault, '/_sandbox/events', {
      type: 'order.created',
    })) as { id: string };
    await expect
      .poll(() => notifier.shown, { timeout: SEEDING_TIMEOUT_MS })
      .toEqual([expect.objectContaining({ title: 'Order created', tag: `activity:${id}` })]);
    const later = await activity(core);
    expect(later.unseen).toBe(1);
    expect(later.items.find((item) => item.id === id)?.seen).toBe(false);
  });

  it('leaves the user’s webhook settings, secret and receiver alone', async () => {
    const started = await startCore();
    const { core, vault } = started;
    await seeded(started);
    const { settings } = await invoke<{ settings: typeof DEFAULT_SETTINGS }>(core, 'settings:get');
    expect(settings.webhooks).toEqual(DEFAULT_SETTINGS.webhooks);
    expect(await vault.get('webhook-secret')).toBe(USER_SECRET);
    expect(await vault.get('demo-webhook-secret')).toMatch(/.{16,}/);
    expect(await invoke(core, 'webhooks:status')).toMatchObject({ listening: false, url: null });
  });

  it('goes through a relay: the demo’s catalogue delivers to it, and the app pulls from it', async () => {
    const started = await startCore();
    await seeded(started);
    const hooks = await demoRelayHooks(started);
    expect(hooks.pathname).toBe('/hooks/catalogue');
    const { relays } = await invoke<{ relays: RelayStatus[] }>(started.core, 'relay:status');
    expect(relays.filter((relay) => relay.state !== 'off')).toEqual([
      expect.objectContaining({
        source: 'demo',
        state: 'connected',
        url: hooks.origin,
        lastEventAt: expect.any(Number),
      }),
    ]);
  });

  it('the demo’s relay verifies deliveries with the demo’s own secret, not the user’s', async () => {
    const started = await startCore();
    await seeded(started);
    const url = await demoRelayHooks(started);
    const ca = await readFile(join(started.dataDir, 'demo-relay-tls', 'cert.pem'), 'utf8');
    const body = JSON.stringify({
      id: 'ntf_forged',
      type: 'order.created',
      timestamp: new Date().toISOString(),
      payload: { id: 'ord_forged' },
    });
    const signedWith = (secret: string) => createHmac('sha256', secret).update(body).digest('hex');

    expect(await post(url, ca, body, signedWith(USER_SECRET))).toBe(401);
    const demoSecret = (await started.vault.get('demo-webhook-secret')) ?? '';
    expect(await post(url, ca, body, signedWith(demoSecret))).toBe(200);
    await expect
      .poll(async () => (await activity(started.core)).items.map((item) => item.id))
      .toContain('ntf_forged');
  });

  it('reset clears the demo’s activity, keeps the user’s, and seeds afresh', async () => {
    const started = await startCore();
    const { core } = started;
    const before = new Set((await seeded(started)).map((item) => item.id));

    // An event the user's own receiver stored earlier, in the same database.
    await invoke(core, 'settings:update', {
      webhooks: { delivery: 'direct', enabled: true, port: 0 },
    });
    let url = '';
    await expect
      .poll(async () => ({ url } = await invoke<{ url: string }>(core, 'webhooks:status')).url)
      .toMatch(/^https:/);
    const { pem: ca } = await invoke<{ pem: string }>(core, 'webhooks:exportCertificate');
    const own = JSON.stringify({
      id: 'ntf_users_own',
      type: 'product.updated',
      timestamp: new Date().toISOString(),
      payload: { ean: '8712345678906' },
    });
    const signature = createHmac('sha256', USER_SECRET).update(own).digest('hex');
    expect(await post(new URL(url), ca, own, signature)).toBe(200);
    before.add('ntf_users_own');

    await invoke(core, 'session:resetDemo');
    const fresh = await seeded(started, before);
    expect(fresh.length).toBeGreaterThan(20);
    const ids = (await activity(core)).items.map((item) => item.id);
    expect(ids).toContain('ntf_users_own');
    expect(ids.filter((id) => before.has(id) && id !== 'ntf_users_own')).toEqual([]);
  });

  it('after a restart, delivers through the new relay without seeding again', async () => {
    const first = await startCore();
    const ids = (await seeded(first)).map((item) => item.id);
    await first.core.stop();
    first.stopped = true;

    const again = createCore(plainNodeDeps(first.dataDir, { vault: first.vault }));
    cleanups.push(() => again.stop());
    await again.start();
    const log = (await askDemoService(
      again,
      first.vault,
      '/_sandbox/deliveries?limit=100',
    )) as DeliveryLog;
    expect(log.data.map((notification) => notification.id).sort()).toEqual([...ids].sort());
    const registrations = (await askDemoService(again, first.vault, '/v1/webhooks')) as {
      data: unknown[];
    };
    expect(registrations.data).toHaveLength(1);

    const { id } = (await askDemoService(again, first.vault, '/_sandbox/events', {
      type: 'invoice.updated',
    })) as { id: string };
    await expect
      .poll(async () => (await activity(again)).items.map((item) => item.id), {
        timeout: SEEDING_TIMEOUT_MS,
      })
      .toContain(id);
    expect((await activity(again)).total).toBe(ids.length + 1);
  });

  it('stops the demo’s relay and service with the core', async () => {
    const started = await startCore();
    await seeded(started);
    const relay = await demoRelayHooks(started);
    const { baseUrl } = await invoke<{ baseUrl: string }>(started.core, 'session:get');

    await started.core.stop();
    started.stopped = true;
    expect(await refusesConnections(Number(relay.port))).toBe(true);
    expect(await refusesConnections(Number(new URL(baseUrl).port))).toBe(true);
  });
});
