import { once } from 'node:events';
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls, type TLSSocket } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import {
  notification,
  signedDelivery,
  startReceiver,
  type Harness,
} from '../webhooks/receiver-harness.ts';

let harness: Harness | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await harness?.close();
  harness = null;
});

/** Small limits, so the test sees them applied; the defaults are 5 s, 10 s, 5 s and 128. */
const LIMITS = { headersMs: 400, requestMs: 800, handshakeMs: 400, maxConnections: 4 };
/** Far beyond the limits above, far below what Node would otherwise allow (30 s checks, 120 s TLS). */
const CUT_WITHIN_MS = 8_000;

async function receiver(limits = LIMITS) {
  harness = await startReceiver({ limits });
  const { hostname, port } = new URL(harness.url);
  return { harness, host: hostname, port: Number(port) };
}

function tcp(host: string, port: number): Socket {
  const socket = connectTcp({ host, port });
  socket.on('error', () => {});
  sockets.push(socket);
  return socket;
}

async function tls(host: string, port: number, ca: string): Promise<TLSSocket> {
  const socket = connectTls({ host, port, ca, servername: 'localhost' });
  socket.on('error', () => {});
  sockets.push(socket);
  await once(socket, 'secureConnect');
  return socket;
}

/** Writes `chunk` every 100 ms while the server lets it; stops when called back. */
function dribble(socket: Socket, chunk: () => Buffer | string): () => void {
  const timer = setInterval(() => {
    if (socket.writable) socket.write(chunk(), () => {});
  }, 100);
  return () => clearInterval(timer);
}

/** Milliseconds until the server closes the socket, or null if it held it for CUT_WITHIN_MS. */
async function closedAfter(socket: Socket): Promise<number | null> {
  const started = Date.now();
  if (socket.closed) return 0;
  // Not events.once: it would reject on the EPIPE of a write the closed connection refused.
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(Date.now() - started)),
  );
  socket.resume();
  const held = new Promise<null>((resolve) => setTimeout(() => resolve(null), CUT_WITHIN_MS));
  return Promise.race([closed, held]);
}

describe('the receiver applies its limits as configured', () => {
  it('drops a connection that never starts TLS', async () => {
    const { host, port } = await receiver();
    const socket = tcp(host, port);
    await once(socket, 'connect');
    expect(await closedAfter(socket)).not.toBeNull();
  });

  it('drops a TLS handshake that is dribbled byte by byte', async () => {
    const { host, port } = await receiver();
    const socket = tcp(host, port);
    await once(socket, 'connect');
    // A ClientHello's first bytes, one every 100 ms: each resets an idle timer, not a deadline.
    const hello = Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]);
    let at = 0;
    const stop = dribble(socket, () =>
      at < hello.length ? hello.subarray(at, ++at) : Buffer.from([0x00]),
    );
    try {
      expect(await closedAfter(socket)).not.toBeNull();
    } finally {
      stop();
    }
  });

  it('cuts headers that never finish', async () => {
    const { harness, host, port } = await receiver();
    const socket = await tls(host, port, harness.ca);
    socket.write('POST /webhooks/catalogue HTTP/1.1\r\nHost: localhost\r\n');
    const stop = dribble(socket, () => 'x-slow: 1\r\n');
    try {
      expect(await closedAfter(socket)).not.toBeNull();
    } finally {
      stop();
    }
  });

  it('cuts a body that never finishes', async () => {
    const { harness, host, port } = await receiver();
    const socket = await tls(host, port, harness.ca);
    socket.write(
      'POST /webhooks/catalogue HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"id":',
    );
    const stop = dribble(socket, () => ' ');
    try {
      expect(await closedAfter(socket)).not.toBeNull();
    } finally {
      stop();
    }
  });

  it('holds at most the configured number of connections open', async () => {
    // A handshake time long enough that no connection within the cap is cut while the test looks.
    const { host, port } = await receiver({ ...LIMITS, handshakeMs: 10_000 });
    const opened = Array.from({ length: LIMITS.maxConnections + 3 }, () => tcp(host, port));
    await Promise.all(opened.map((socket) => once(socket, 'connect')));
    const closed = () => opened.filter((socket) => socket.closed).length;
    // The ones over the cap are closed at once; the others only when their handshake time is up.
    await expect.poll(closed, { timeout: 2_000 }).toBeGreaterThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed()).toBe(3);
  });

  it('answers a payload nested too deep for the parser with 400, not 500', async () => {
    const { harness } = await receiver();
    const event = notification('order.created', { deep: 'HERE' });
    const body = JSON.stringify(event).replace('"HERE"', '['.repeat(100_000) + ']'.repeat(100_000));
    const reply = await harness.post(signedDelivery(body));
    expect(reply.status).toBe(400);
    expect(harness.storedIds()).toEqual([]);
  });
});
