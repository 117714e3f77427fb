import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../../sandbox/catalogue/support.ts';
import { freePort } from '../../support/free-port.ts';
import {
  notification,
  relayCertificate,
  signedDelivery,
  startTestRelay,
  TOKENS,
  type TestRelay,
} from '../../relay/relay-harness.ts';
import {
  reply,
  startRecordingServer,
  type RecordingServer,
} from '../../support/recording-server.ts';
import { startApp, trustTestRelays, type App } from './app-harness.ts';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
beforeAll(trustTestRelays);

async function relayed(): Promise<TestRelay> {
  const relay = await startTestRelay();
  cleanup.push(() => relay.stop());
  return relay;
}

async function app(): Promise<App> {
  const started = await startApp();
  cleanup.push(() => started.stop());
  return started;
}

/** A server that is not the relay, answering 200 to anything and recording every token it sees. */
async function elsewhere(
  answer = reply(200, { ok: true, data: [], next_cursor: 'x', has_more: false }),
): Promise<RecordingServer> {
  const server = await startRecordingServer(await relayCertificate(), answer);
  cleanup.push(() => server.close());
  return server;
}

const tokensSeen = (server: RecordingServer) =>
  server.requests.flatMap((request) => (request.authorization ? [request.authorization] : []));

describe('the relay token goes to its relay and nowhere else', () => {
  it('asks for the token again for another address, and sends nothing there meanwhile', async () => {
    const relay = await relayed();
    const other = await elsewhere();
    const shop = await app();
    expect(await shop.configure(relay.url, TOKENS[0])).toEqual({ ok: true, message: '' });
    await expect.poll(async () => (await shop.relay())?.state).toBe('connected');

    expect(await shop.configure(other.url)).toEqual({
      ok: false,
      message:
        'Enter the relay’s token: a token is sent only to the address it was entered with, and none was entered with this one.',
    });
    expect(await shop.test(other.url)).toEqual({
      ok: false,
      message: 'Enter the relay’s token: none was saved for this address.',
    });
    // Nor can a plain settings change move the relay under the saved token.
    const moved = await shop.core.router.handle('settings:update', {
      webhooks: { relayUrl: other.url },
    });
    expect(moved.ok).toBe(false);
    expect(shop.core.settings.get().webhooks.relayUrl).toBe(relay.url);
    expect(other.requests).toEqual([]);

    // The relay it was given for still gets it.
    const event = notification('order.created', { number: 'SO-1' });
    await relay.post(signedDelivery(event));
    await expect.poll(() => shop.announced()).toEqual([event.id]);
  });

  it('follows no redirect with the token', async () => {
    const other = await elsewhere();
    const redirecting = await elsewhere((request, response) => {
      request.resume();
      if (request.url === '/healthz') response.writeHead(200).end('{"ok":true}');
      else response.writeHead(307, { location: `${other.url}${request.url}` }).end();
    });
    const shop = await app();
    await shop.configure(redirecting.url, TOKENS[0]);
    await expect
      .poll(async () => (await shop.relay())?.problem)
      .toBe(
        `${new URL(redirecting.url).host} sends Parley elsewhere (307); the token goes nowhere else. Enter the relay’s own address.`,
      );
    expect(await shop.test(redirecting.url)).toMatchObject({ ok: false });
    expect(tokensSeen(redirecting)).toContain(`Bearer ${TOKENS[0]}`);
    expect(other.requests).toEqual([]);
  });

  it('waits for a token, and says so, when the one for its address is gone', async () => {
    const relay = await relayed();
    const first = await startApp();
    await first.configure(relay.url, TOKENS[0]);
    await expect.poll(async () => (await first.relay())?.state).toBe('connected');
    await first.close();
    // A computer whose secure storage lost the token (or settings copied from another).
    await first.vault.delete('relay-token');

    const again = await startApp(first);
    cleanup.push(() => again.stop());
    expect(await again.relay()).toMatchObject({ state: 'token-needed', url: relay.url });
    const event = notification('order.created', { number: 'SO-3' });
    await relay.post(signedDelivery(event));
    expect(await again.configure(relay.url)).toMatchObject({ ok: false });
    expect(await again.configure(relay.url, TOKENS[1])).toEqual({ ok: true, message: '' });
    await expect.poll(() => again.announced()).toContain(event.id);
  });

  it('refuses http:// to another computer before anything is sent', async () => {
    const shop = await app();
    for (const channel of ['relay:configure', 'relay:test']) {
      const answer = await shop.core.router.handle(channel, {
        url: 'http://relay.example.org',
        token: TOKENS[0],
      });
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-request', field: 'url' } });
    }
  });
});

describe('the connection test says in words what it found', () => {
  it('a relay that takes the token, or refuses it', async () => {
    const relay = await relayed();
    const shop = await app();
    const host = new URL(relay.url).host;
    expect(await shop.test(relay.url, TOKENS[0])).toEqual({
      ok: true,
      message: `Connected: the relay at ${host} accepts the token. No event has reached it yet.`,
    });
    await relay.post(signedDelivery(notification('order.created', { number: 'SO-2' })));
    expect(await shop.test(relay.url, TOKENS[1])).toEqual({
      ok: true,
      message: `Connected: the relay at ${host} accepts the token and keeps events for Parley.`,
    });
    expect(await shop.test(relay.url, 'not-a-token-of-this-relay')).toEqual({
      ok: false,
      message: `The relay at ${host} answers, but does not accept this token.`,
    });
    // Testing saves nothing.
    expect(await shop.relay()).toBeUndefined();
  });

  it('nothing there, something that is not a relay, a certificate this computer does not trust', async () => {
    const shop = await app();
    const closedPort = await freePort();
    expect(await shop.test(`https://127.0.0.1:${closedPort}`, TOKENS[0])).toEqual({
      ok: false,
      message: `Could not reach 127.0.0.1:${closedPort}: nothing answers there (is the relay running?).`,
    });

    const notARelay = await elsewhere(reply(404, { message: 'no such page' }));
    expect(await shop.test(notARelay.url, TOKENS[0])).toEqual({
      ok: false,
      message: `${new URL(notARelay.url).host} answers, but not as a Parley relay does: check the address.`,
    });

    // A relay that answers but reports trouble (its store thread died, its disk is full).
    const troubled = await elsewhere(reply(503, { ok: false, reason: 'the disk is full' }));
    expect(await shop.test(troubled.url, TOKENS[0])).toEqual({
      ok: false,
      message: `The relay at ${new URL(troubled.url).host} is in trouble: the disk is full. Events sent to it now may be lost; ask whoever runs it.`,
    });

    const untrusted = await startRecordingServer(await makeCertificate(), reply(200, {}));
    cleanup.push(() => untrusted.close());
    expect(await shop.test(untrusted.url, TOKENS[0])).toEqual({
      ok: false,
      message: `Could not reach ${new URL(untrusted.url).host}: its certificate is self-signed, and this computer does not trust it.`,
    });
    expect(untrusted.requests).toEqual([]);
  });
});
