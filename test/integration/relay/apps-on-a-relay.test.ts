import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { CATALOGUE_EVENT_TYPES } from '../../../shared/model/settings.ts';
import { relayCertificate, SECRET, startTestRelay, TOKENS } from '../../relay/relay-harness.ts';
import { sandboxCall } from '../../support/sandbox-call.ts';
import { startApp, trustTestRelays, type App } from './app-harness.ts';

const DELIVERED_TIMEOUT_MS = 15_000;
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
beforeAll(trustTestRelays);

async function app(): Promise<App> {
  const started = await startApp();
  cleanup.push(() => started.stop());
  return started;
}

/** The sandbox's catalogue service, registered (as its user does) to deliver to the relay. */
async function catalogueDeliveringTo(hooksUrl: string): Promise<Sandbox> {
  const sandbox = await startSandbox({
    webhookSecret: SECRET,
    webhookBackoffMs: 50,
    trustCa: (await relayCertificate()).cert,
  });
  cleanup.push(() => sandbox.close());
  const registered = await sandboxCall(sandbox, '/v1/webhooks', {
    notificationUrl: hooksUrl,
    events: [...CATALOGUE_EVENT_TYPES],
  });
  expect(registered.status).toBe(201);
  return sandbox;
}

/** Makes events of these types happen, one after another, each delivered before the next. */
async function happen(sandbox: Sandbox, types: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const type of types) {
    const { id } = (await sandboxCall(sandbox, '/_sandbox/events', { type })).body;
    await expect
      .poll(
        async () => {
          const log = (await sandboxCall(sandbox, '/_sandbox/deliveries?limit=100')).body as {
            data: { id: string; deliveries: { state: string }[] }[];
          };
          return log.data.find((entry) => entry.id === id)?.deliveries[0]?.state;
        },
        { timeout: DELIVERED_TIMEOUT_MS },
      )
      .toBe('delivered');
    ids.push(String(id));
  }
  return ids;
}

describe('apps pull the catalogue’s events from a relay', () => {
  it('an app that connects later receives every event delivered meanwhile, in order, once', async () => {
    const relay = await startTestRelay();
    cleanup.push(() => relay.stop());
    const sandbox = await catalogueDeliveringTo(`${relay.url}/hooks/catalogue`);
    const emitted = await happen(sandbox, [...CATALOGUE_EVENT_TYPES, ...CATALOGUE_EVENT_TYPES]);

    const laptop = await app();
    expect(await laptop.configure(relay.url, TOKENS[0])).toEqual({ ok: true, message: '' });
    await expect
      .poll(async () => (await laptop.activity()).length, { timeout: DELIVERED_TIMEOUT_MS })
      .toBe(emitted.length);
    expect(laptop.announced()).toEqual(emitted);
    expect(await laptop.relay()).toMatchObject({ state: 'connected', url: relay.url });
    // What the relay kept before this app first connected is its history: shown, not notified.
    expect(laptop.notifier.shown).toEqual([]);

    // Connected, it hears of the next event at once, as news.
    const [next] = await happen(sandbox, ['order.created']);
    await expect.poll(() => laptop.announced()).toEqual([...emitted, next]);
    expect(laptop.notifier.shown).toEqual([
      expect.objectContaining({ title: 'Order created', tag: `activity:${next}` }),
    ]);
    expect((await laptop.activity()).length).toBe(emitted.length + 1);
  });

  it('two apps on one relay, each with its own token and cursor, both receive every event', async () => {
    const relay = await startTestRelay();
    cleanup.push(() => relay.stop());
    const sandbox = await catalogueDeliveringTo(`${relay.url}/hooks/catalogue`);
    const before = await happen(sandbox, ['order.created', 'invoice.created']);

    const [laptop, desktop] = await Promise.all([app(), app()]);
    await laptop.configure(relay.url, TOKENS[0]);
    await desktop.configure(relay.url, TOKENS[1]);
    const after = await happen(sandbox, ['order.updated', 'shipment.created', 'product.updated']);

    for (const each of [laptop, desktop]) {
      await expect
        .poll(() => each.announced(), { timeout: DELIVERED_TIMEOUT_MS })
        .toEqual([...before, ...after]);
    }
    const laptopIds = (await laptop.activity()).map((item) => item.id).sort();
    expect((await desktop.activity()).map((item) => item.id).sort()).toEqual(laptopIds);
  });

  it('an app started again goes on from its cursor: nothing twice, nothing missed', async () => {
    const relay = await startTestRelay();
    cleanup.push(() => relay.stop());
    const sandbox = await catalogueDeliveringTo(`${relay.url}/hooks/catalogue`);
    const first = await startApp();
    await first.configure(relay.url, TOKENS[0]);
    const early = await happen(sandbox, ['order.created', 'order.updated']);
    await expect.poll(() => first.announced()).toEqual(early);
    await first.close();

    // Delivered while the app is closed: a backlog, one summary when the app is back.
    const meanwhile = await happen(sandbox, ['order.created', 'order.created', 'invoice.created']);
    const again = await startApp(first);
    cleanup.push(() => again.stop());
    await expect
      .poll(() => again.announced(), { timeout: DELIVERED_TIMEOUT_MS })
      .toEqual(meanwhile);
    expect((await again.activity()).map((item) => item.id).sort()).toEqual(
      [...early, ...meanwhile].sort(),
    );
    expect(again.notifier.shown).toEqual([
      expect.objectContaining({
        title: '2 new orders while you were away',
        body: 'Order created: 2 · Invoice created: 1',
      }),
    ]);
  });
});
