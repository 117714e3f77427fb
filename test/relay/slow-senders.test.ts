import { once } from 'node:events';
import { Agent, request } from 'node:https';
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { RECEIVE_TIMEOUT_MS } from '../../main/relay/http-server.ts';
import {
  HOOKS_PATH,
  notification,
  sign,
  signedDelivery,
  startTestRelay,
  TOKENS,
  type TestRelay,
} from './relay-harness.ts';

let relay: TestRelay;
afterEach(() => relay?.stop());

/**
 * The catalogue service gives a delivery 5 s; the relay closes a sender that
 * takes longer. Node checks its header and request timeouts only every
 * `connectionsCheckingInterval` (30 s by default), so the limit configured is
 * not necessarily the limit enforced: these tests measure the real one. The
 * upper bound leaves room for a loaded machine and is still far below what
 * Node's defaults would give.
 */
const CLOSED_BY_MS = RECEIVE_TIMEOUT_MS + 2_500;

interface Watched {
  closedAfterMs: number;
  /** What the relay sent before closing. */
  received: string;
}

function watch(socket: Socket): Promise<Watched> {
  const started = Date.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  return once(socket, 'close').then(() => ({ closedAfterMs: Date.now() - started, received }));
}

/** Writes one piece every `everyMs` until the pieces run out or the relay closes the socket. */
function dribble(socket: Socket, pieces: string[], everyMs: number) {
  const timer = setInterval(() => {
    const piece = pieces.shift();
    if (piece === undefined || !socket.writable) clearInterval(timer);
    else socket.write(piece);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

function tlsSocket(port: number, ca: string) {
  const socket = connectTls({ port, host: '127.0.0.1', ca, servername: undefined });
  return { socket, ready: once(socket, 'secureConnect') };
}

describe('slow senders', () => {
  it('closes a silent connection, slow headers and a slow body within the 5 s, storing nothing', async () => {
    relay = await startTestRelay();
    const port = Number(new URL(relay.url).port);
    const event = notification('order.created', { number: 'SO-SLOW' });
    const body = JSON.stringify(event);
    const head =
      `POST ${HOOKS_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Webhook-Signature: ${sign(body)}\r\n\r\n`;

    // Connects and never even starts TLS.
    const silent = watch(connectTcp(port, '127.0.0.1'));
    // Sends its request line and headers a line every 400 ms (8 s in all).
    const headers = tlsSocket(port, relay.ca);
    const slowHeaders = watch(headers.socket);
    await headers.ready;
    dribble(headers.socket, head.split(/(?<=\r\n)/).concat(Array(20).fill('X-Pad: 1\r\n')), 400);
    // Sends its headers at once and then its body in 20 pieces, one every 400 ms.
    const bodied = tlsSocket(port, relay.ca);
    const slowBody = watch(bodied.socket);
    await bodied.ready;
    bodied.socket.write(head);
    const size = Math.ceil(body.length / 20);
    dribble(
      bodied.socket,
      Array.from({ length: 20 }, (_, at) => body.slice(at * size, (at + 1) * size)),
      400,
    );

    // Meanwhile a prompt delivery is taken as usual.
    const prompt = notification('order.created', { number: 'SO-PROMPT' });
    expect((await relay.post(signedDelivery(prompt))).status).toBe(200);

    const closed = await Promise.all([silent, slowHeaders, slowBody]);
    for (const { closedAfterMs } of closed) {
      expect(closedAfterMs).toBeGreaterThanOrEqual(RECEIVE_TIMEOUT_MS - 100);
      expect(closedAfterMs).toBeLessThanOrEqual(CLOSED_BY_MS);
    }
    expect(closed[1]?.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed[2]?.received).toMatch(/^HTTP\/1\.1 408 /);
    expect((await relay.pullAll()).map((stored) => stored.id)).toEqual([prompt.id]);
    expect(relay.lines).toContain(
      'delivery - -: dropped: the connection closed before the body arrived',
    );
  }, 20_000);

  it('takes a slow delivery that is complete within the 5 s', async () => {
    relay = await startTestRelay();
    const port = Number(new URL(relay.url).port);
    const event = notification('order.created', { number: 'SO-STEADY' });
    const body = JSON.stringify(event);
    const { socket, ready } = tlsSocket(port, relay.ca);
    const watched = watch(socket);
    await ready;
    socket.write(
      `POST ${HOOKS_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Webhook-Signature: ${sign(body)}\r\n` +
        'Connection: close\r\n\r\n',
    );
    const third = Math.ceil(body.length / 3);
    dribble(
      socket,
      [body.slice(0, third), body.slice(third, 2 * third), body.slice(2 * third)],
      400,
    );
    expect((await watched).received).toMatch(/^HTTP\/1\.1 200 /);
    expect((await relay.pullAll()).map((stored) => stored.id)).toEqual([event.id]);
  });

  it('caps open connections; an app that goes away frees its place', async () => {
    relay = await startTestRelay({ maxConnections: 3 });
    const { next_cursor: cursor } = (await relay.pull()).body;
    // Three apps hold long polls, one connection each.
    const agent = new Agent({ keepAlive: false });
    const held = TOKENS.concat(TOKENS[0] as string).map((token) => {
      const pending = request(`${relay.url}/v1/events?after=${cursor}&wait=30`, {
        ca: relay.ca,
        agent,
        headers: { authorization: `Bearer ${token}` },
      });
      const answer = new Promise<string>((resolve, reject) => {
        pending.on('response', (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk));
          response.on('end', () => resolve(text));
        });
        pending.on('error', reject);
      });
      pending.end();
      const accepted = new Promise((resolve) =>
        pending.once('socket', (socket) => socket.once('secureConnect', resolve)),
      );
      return { pending, answer, accepted };
    });
    // Once the relay has taken all three, a fourth connection is refused.
    await Promise.all(held.map(({ accepted }) => accepted));
    expect(
      await relay.pull().then(
        () => 'through',
        () => 'refused',
      ),
    ).toBe('refused');
    expect(relay.lines).toContainEqual(
      expect.stringMatching(/^connections: refused one at the cap of 3 open connections/),
    );

    // One app goes away: a delivery gets through, and the two still waiting hear of it.
    const [gone, ...waiting] = held;
    gone?.answer.catch(() => {});
    gone?.pending.destroy();
    const event = notification('order.created', { number: 'SO-CAP' });
    await expect
      .poll(
        () =>
          relay.post(signedDelivery(event)).then(
            (reply) => reply.status,
            () => 0,
          ),
        { timeout: 10_000 },
      )
      .toBe(200);
    for (const { answer } of waiting) {
      expect(JSON.parse(await answer).data.map((stored: { id: string }) => stored.id)).toEqual([
        event.id,
      ]);
    }
  });
});
