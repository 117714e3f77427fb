import { createServer, type RequestListener, type Server } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { keptAliveAgent, nodeHttpExchange } from '../../../main/core/net/http-exchange.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

async function serve(listener: RequestListener) {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const connections = { count: 0 };
  server.on('connection', () => (connections.count += 1));
  const url = new URL(`http://127.0.0.1:${(server.address() as { port: number }).port}/v1/x`);
  return { url, connections, agent: keptAliveAgent(url) };
}

const get = (at: Awaited<ReturnType<typeof serve>>, extra = {}) =>
  nodeHttpExchange({
    method: 'GET',
    url: at.url,
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(5_000),
    agent: at.agent,
    ...extra,
  });

const TEXT = JSON.stringify({ data: [{ text: 'grüße, 你好' }], has_more: false });

it('reads an answer the server compressed, as it asked for', async () => {
  for (const [encoding, compress] of [
    ['gzip', gzipSync],
    ['br', brotliCompressSync],
  ] as const) {
    const at = await serve((request, response) => {
      const accepted = String(request.headers['accept-encoding']);
      if (!accepted.includes(encoding)) return response.end('not asked for');
      response.setHeader('content-encoding', encoding);
      response.end(compress(TEXT));
    });
    const answer = await get(at);
    expect(answer.text, encoding).toBe(TEXT);
    at.agent.destroy();
  }
});

it('gives the status and headers, and keeps the connection for the next request', async () => {
  const at = await serve((_request, response) => {
    response.writeHead(429, { 'retry-after': '3', 'content-type': 'application/json' });
    response.end('{}');
  });
  const first = await get(at);
  await get(at);
  expect(first.status).toBe(429);
  expect(first.header('Retry-After')).toBe('3');
  expect(first.header('x-absent')).toBeNull();
  expect(at.connections.count).toBe(1);
  at.agent.destroy();
});

it('refuses an answer larger than asked for, with the caller’s error', async () => {
  const at = await serve((_request, response) => response.end('x'.repeat(100_000)));
  await expect(
    get(at, { maxBytes: 10_000, tooLarge: () => new Error('too large for us') }),
  ).rejects.toThrow('too large for us');
  at.agent.destroy();
});

it('fails an answer cut off before its end, rather than giving half of it', async () => {
  const at = await serve((_request, response) => {
    response.writeHead(200, { 'content-length': '1000' });
    response.write('{"data":[');
    setTimeout(() => response.socket?.destroy(), 20);
  });
  await expect(get(at)).rejects.toMatchObject({ code: 'ECONNRESET' });
  at.agent.destroy();
});

it('fails a compressed answer cut off before its end, rather than waiting for the rest', async () => {
  const compressed = gzipSync(TEXT.repeat(200));
  const at = await serve((_request, response) => {
    response.writeHead(200, { 'content-encoding': 'gzip', 'content-length': compressed.length });
    response.write(compressed.subarray(0, compressed.length >> 1));
    setTimeout(() => response.socket?.destroy(), 20);
  });
  await expect(get(at)).rejects.toMatchObject({ code: 'ECONNRESET' });
  at.agent.destroy();
});

it('says when a write has left, while its answer is still to come', async () => {
  let answer = () => {};
  const at = await serve((request, response) => {
    request.resume();
    answer = () => response.end('{}');
  });
  let written = false;
  const exchange = get(at, {
    method: 'POST',
    body: 'message=hi',
    onWritten: () => (written = true),
  });
  await expect.poll(() => written).toBe(true);
  answer();
  expect((await exchange).text).toBe('{}');
  at.agent.destroy();
});
