import { expect, it } from 'vitest';
import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import { requestWritten } from '../../../main/core/api/request-written.ts';
import { silentLogger } from '../../../main/core/ports/node-adapters.ts';
import type { HttpExchange } from '../../../main/core/net/http-exchange.ts';
import { scriptedServersPerTest } from './scripted-server.ts';

const startServer = scriptedServersPerTest();

function client(baseUrl: string, exchange?: HttpExchange) {
  return createMessagingClient({
    baseUrl,
    getToken: async () => 'token-alice-0001',
    log: silentLogger,
    retry: { retries: 0 },
    timeoutMs: 2_000,
    exchange,
  });
}

it('resolves once the write has left, while its answer is still awaited', async () => {
  const server = await startServer({ hang: true });
  const abort = new AbortController();
  let answered = false;
  const exchange = client(server.url)
    .sendMessage(
      { conversationId: 'c1', message: 'hi' },
      { idempotencyKey: 'k-left', signal: abort.signal },
    )
    .finally(() => (answered = true));
  exchange.catch(() => {});

  await requestWritten('k-left', exchange);

  expect(answered).toBe(false);
  await expect
    .poll(() => server.seen.map((request) => request.headers['idempotency-key']))
    .toEqual(['k-left']);
  abort.abort();
});

it('resolves when the exchange settles, for a transport that announces nothing', async () => {
  const silent: HttpExchange = async () => ({ status: 500, header: () => null, text: 'not json' });
  const exchange = client('http://127.0.0.1:9', silent).deleteMessage('m1', {
    idempotencyKey: 'k-silent',
  });

  await requestWritten('k-silent', exchange);

  await expect(exchange).rejects.toThrow();
});

it('gives up waiting for a write that does not leave, so what waits on it is not held', async () => {
  const stuck: HttpExchange = () => new Promise(() => {});
  const exchange = client('http://127.0.0.1:9', stuck).deleteMessage('m1', {
    idempotencyKey: 'k-stuck',
  });
  exchange.catch(() => {});
  const started = performance.now();

  await requestWritten('k-stuck', exchange);

  expect(performance.now() - started).toBeLessThan(1_000);
});
