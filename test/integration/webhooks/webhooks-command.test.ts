import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runWebhooksCommand, type CommandIo } from '../../../main/cli/webhooks-command.ts';
import { listenOnLoopback, type Listening } from '../../support/loopback.ts';
import { deliver, notification, SECRET, signedDelivery } from './receiver-harness.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = makeTempDir('parley-webhooks-cli-');
});
afterEach(async () => {
  removeTempDir(dataDir);
});

function terminal(env: Record<string, string> = {}, signal?: AbortSignal) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = {
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
    env,
    signal,
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

describe('webhooks listen and events', () => {
  it('listens until stopped, stores signed deliveries, and lists them', async () => {
    const stop = new AbortController();
    const listening = terminal({ PARLEY_WEBHOOK_SECRET: SECRET }, stop.signal);
    const exit = runWebhooksCommand(
      ['listen', '--port', '0', '--self-signed', '--data-dir', dataDir],
      listening.io,
    );
    await expect.poll(listening.stdout).toMatch(/listening: https:\/\/127\.0\.0\.1:\d+\//);
    const url = /listening: (\S+)/.exec(listening.stdout())?.[1] ?? '';
    const certFile = /certificate: (\S+)/.exec(listening.stdout())?.[1] ?? '';
    const ca = await readFile(certFile, 'utf8');

    const order = notification('order.created', { number: 'SO-77', customerId: 'c-1' });
    const bad = await deliver(url, ca, {
      ...signedDelivery(order),
      headers: { 'x-webhook-signature': '00'.repeat(32) },
    });
    const good = await deliver(url, ca, signedDelivery(order));
    expect([bad.status, good.status]).toEqual([401, 200]);
    await expect.poll(listening.stdout).toContain(`received: order.created ${order.id}`);
    stop.abort();
    expect(await exit).toBe(0);

    const listed = terminal();
    expect(await runWebhooksCommand(['events', '--json', '--data-dir', dataDir], listed.io)).toBe(
      0,
    );
    expect(JSON.parse(listed.stdout())).toEqual([
      expect.objectContaining({ id: order.id, type: 'order.created', payload: order.payload }),
    ]);
    const text = terminal();
    await runWebhooksCommand(['events', '--data-dir', dataDir], text.io);
    expect(text.stdout()).toContain(`order.created  ${order.id} (new)`);
    expect(text.stdout()).toContain('SO-77');
  });

  it('needs the secret from the environment and refuses secrets on the command line', async () => {
    const missing = terminal();
    const onArgv = terminal({ PARLEY_WEBHOOK_SECRET: SECRET });
    expect(await runWebhooksCommand(['listen', '--data-dir', dataDir], missing.io)).toBe(2);
    expect(missing.stderr()).toContain('PARLEY_WEBHOOK_SECRET');
    expect(await runWebhooksCommand(['listen', '--secret', 'hunter2'], onArgv.io)).toBe(2);
    expect(onArgv.stderr()).toContain('never go on the command line');
  });

  it('refuses bad options with usage', async () => {
    const cases = [
      ['listen', '--port', '70000'],
      ['listen', '--cert', 'a.pem'],
      ['listen', '--cert', 'a.pem', '--key', 'b.pem', '--self-signed'],
      ['events', '--colour'],
      ['explode'],
      [],
    ];
    for (const argv of cases) {
      const run = terminal({ PARLEY_WEBHOOK_SECRET: SECRET });
      expect(await runWebhooksCommand([...argv, '--data-dir', dataDir], run.io)).toBe(2);
      expect(run.stderr()).toContain('usage:');
    }
  });

  it('says when there is nothing stored yet', async () => {
    const run = terminal();
    expect(await runWebhooksCommand(['events', '--data-dir', dataDir], run.io)).toBe(0);
    expect(run.stdout()).toBe('no events stored\n');
  });
});

describe('webhooks register', () => {
  let catalogue: Listening;
  let catalogueUrl: string;
  let requests: { auth?: string; body: string }[];

  beforeEach(async () => {
    requests = [];
    const server = createServer(async (request, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      requests.push({ auth: request.headers.authorization, body });
      response.setHeader('content-type', 'application/json');
      if (request.headers.authorization !== 'Bearer cat-token') {
        response.statusCode = 401;
        response.end(JSON.stringify({ message: 'token revoked' }));
        return;
      }
      response.end(JSON.stringify({ id: 'wh_42', ...JSON.parse(body) }));
    });
    catalogue = await listenOnLoopback(server);
    catalogueUrl = `http://127.0.0.1:${catalogue.port}`;
  });
  afterEach(() => catalogue.close());

  const args = (
    url = 'https://shop-hooks.example.org/in',
    events = 'order.created,product.updated',
  ) => ['register', '--catalogue-url', catalogueUrl, '--url', url, '--events', events];

  it('registers with the token from PARLEY_CATALOGUE_TOKEN and prints the id', async () => {
    const run = terminal({ PARLEY_CATALOGUE_TOKEN: 'cat-token' });
    expect(await runWebhooksCommand(args(), run.io)).toBe(0);
    expect(run.stdout()).toContain('registered: wh_42');
    expect(requests).toEqual([
      {
        auth: 'Bearer cat-token',
        body: JSON.stringify({
          notificationUrl: 'https://shop-hooks.example.org/in',
          events: ['order.created', 'product.updated'],
        }),
      },
    ]);
  });

  it("prints the service's message when it refuses", async () => {
    const run = terminal({ PARLEY_CATALOGUE_TOKEN: 'old-token' });
    expect(await runWebhooksCommand(args(), run.io)).toBe(1);
    expect(run.stderr()).toContain('token revoked');
  });

  it('refuses a non-HTTPS URL, unknown event types and a missing token before sending anything', async () => {
    const withToken = { PARLEY_CATALOGUE_TOKEN: 'cat-token' };
    const plain = terminal(withToken);
    const unknown = terminal(withToken);
    const noToken = terminal();
    expect(await runWebhooksCommand(args('http://shop-hooks.example.org/in'), plain.io)).toBe(2);
    expect(
      await runWebhooksCommand(args(undefined, 'order.created,order.exploded'), unknown.io),
    ).toBe(2);
    expect(await runWebhooksCommand(args(), noToken.io)).toBe(2);
    expect(plain.stderr()).toContain('https://');
    expect(unknown.stderr()).toContain('unknown: order.exploded');
    expect(noToken.stderr()).toContain('PARLEY_CATALOGUE_TOKEN');
    expect(requests).toEqual([]);
  });
});
