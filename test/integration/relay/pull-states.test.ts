import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../shared/ipc/events.ts';
import {
  notification,
  relayCertificate,
  signedDelivery,
  startTestRelay,
  TOKENS,
  type TestRelay,
} from '../../relay/relay-harness.ts';
import { forwardTo, startRecordingServer } from '../../support/recording-server.ts';
import { startApp, trustTestRelays, type App } from './app-harness.ts';

const DAY_MS = 24 * 3_600_000;
/** Long enough for an app that wrongly pulled to have shown it; never what makes a test pass. */
const QUIET_MS = 300;
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
beforeAll(trustTestRelays);

async function relayed(options: Parameters<typeof startTestRelay>[0] = {}): Promise<TestRelay> {
  const relay = await startTestRelay(options);
  cleanup.push(() => relay.stop());
  return relay;
}

async function app(earlier?: App): Promise<App> {
  const started = await startApp(earlier);
  cleanup.push(() => started.stop());
  return started;
}

async function deliver(relay: TestRelay, types: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const type of types) {
    const event = notification(type, { id: `ord-${ids.length}`, number: `SO-${ids.length}` });
    expect((await relay.post(signedDelivery(event))).status).toBe(200);
    ids.push(event.id);
  }
  return ids;
}

const notices = (app: App) =>
  app.events.flatMap((event: CoreEvent) => (event.type === 'notice' ? [event] : []));

describe('the pull client follows the computer’s state', () => {
  it.each([
    ['suspended', { suspended: true }, { suspended: false }],
    ['offline', { online: false }, { online: true }],
  ] as const)(
    'holds no pull while %s, and catches up at once when back, with one summary',
    async (_, away, back) => {
      const relay = await relayed();
      const { cert, key } = await relayCertificate();
      // Between app and relay, a server that sees every request the app makes.
      const watch = await startRecordingServer(
        { cert, key },
        forwardTo(() => relay.url, cert),
      );
      cleanup.push(() => watch.close());
      const shop = await app();
      await shop.configure(watch.url, TOKENS[0]);
      await expect.poll(async () => (await shop.relay())?.state).toBe('connected');
      await expect.poll(() => watch.inFlight()).toBe(1);

      shop.core.setHostState(away);
      await expect.poll(() => watch.inFlight()).toBe(0);
      expect(await shop.relay()).toMatchObject({ state: 'paused' });
      const asked = watch.requests.length;
      const ids = await deliver(relay, [
        'order.created',
        'order.created',
        'shipment.updated',
        'order.created',
      ]);
      await sleep(QUIET_MS);
      expect(watch.requests.length).toBe(asked);
      expect(shop.announced()).toEqual([]);

      shop.core.setHostState(back);
      await expect.poll(() => shop.announced()).toEqual(ids);
      expect(shop.notifier.shown).toEqual([
        expect.objectContaining({
          title: '3 new orders while you were away',
          body: 'Order created: 3 · Shipment updated: 1',
        }),
      ]);
      expect(await shop.relay()).toMatchObject({ state: 'connected' });
      // Caught up, it long-polls again: the next event is news of its own.
      const [next] = await deliver(relay, ['invoice.created']);
      await expect.poll(() => shop.notifier.shown.at(-1)?.tag).toBe(`activity:${next}`);
    },
  );

  it('starts over from the oldest event the relay keeps when its cursor is gone (410), and says so', async () => {
    let now = Date.now();
    const relay = await relayed({ now: () => now, retentionDays: 1 });
    const first = await startApp();
    await first.configure(relay.url, TOKENS[0]);
    const seen = await deliver(relay, ['order.created', 'order.updated']);
    await expect.poll(() => first.announced()).toEqual(seen);
    await first.close();

    // While the app is closed, events arrive, and the relay's retention removes them all.
    await deliver(relay, ['shipment.created']);
    now += 2 * DAY_MS;
    await relay.restart();
    const [kept] = await deliver(relay, ['invoice.created']);

    const again = await app(first);
    await expect.poll(() => again.announced()).toEqual([kept]);
    expect(notices(again)).toEqual([
      expect.objectContaining({
        level: 'warning',
        message: expect.stringMatching(
          /no longer has the events after the last one Parley received\. Parley started over from the oldest event it keeps; events in between may be missing\./,
        ),
      }),
    ]);
    expect(await again.relay()).toMatchObject({
      state: 'connected',
      startedOverAt: expect.any(Number),
    });
    expect((await again.activity()).map((item) => item.id).sort()).toEqual([...seen, kept].sort());
  });

  it('stops at a refused token and asks for a new one; a new token goes on from the cursor', async () => {
    const relay = await relayed();
    const shop = await app();
    await shop.configure(relay.url, TOKENS[0]);
    const early = await deliver(relay, ['order.created']);
    await expect.poll(() => shop.announced()).toEqual(early);

    await relay.restart({ tokens: [TOKENS[1] as string] });
    await expect
      .poll(async () => (await shop.relay())?.state, { timeout: 10_000 })
      .toBe('unauthorized');
    expect(notices(shop).at(-1)).toMatchObject({
      level: 'error',
      message: expect.stringContaining('did not accept the token. Enter a new token in Settings'),
    });
    const later = await deliver(relay, ['order.created']);
    await sleep(QUIET_MS);
    expect(shop.announced()).toEqual(early);

    expect(await shop.configure(relay.url, TOKENS[1])).toEqual({ ok: true, message: '' });
    await expect.poll(() => shop.announced()).toEqual([...early, ...later]);
    expect(await shop.relay()).toMatchObject({ state: 'connected', problem: null });
  });

  it('says since when and why a relay is unreachable, and comes back on its own', async () => {
    const relay = await relayed();
    const shop = await app();
    await shop.configure(relay.url, TOKENS[0]);
    await expect.poll(async () => (await shop.relay())?.state).toBe('connected');

    let missed: string[] = [];
    const stoppedAt = Date.now();
    await relay.restart({}, async () => {
      // A stopping relay answers the held pull at once; the next request finds no one.
      await expect
        .poll(async () => (await shop.relay())?.state, { timeout: 10_000 })
        .toBe('unreachable');
      const status = await shop.relay();
      expect(status?.problem).toBe(
        `Could not reach ${new URL(relay.url).host}: nothing answers there (is the relay running?).`,
      );
      expect(status?.since).toBeGreaterThanOrEqual(stoppedAt);
    });
    missed = await deliver(relay, ['order.created', 'invoice.created']);
    await expect.poll(() => shop.announced(), { timeout: 15_000 }).toEqual(missed);
    expect(await shop.relay()).toMatchObject({ state: 'connected', problem: null });
  });
});
