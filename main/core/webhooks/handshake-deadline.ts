import type { Socket } from 'node:net';
import type { Server } from 'node:https';
import type { TLSSocket } from 'node:tls';

const peer = (socket: Socket) => `${socket.remoteAddress}|${socket.remotePort}`;

/**
 * Closes every connection whose TLS handshake has not finished `ms` after it
 * connected. Node's own handshake timeout is an idle timer, so a client that
 * sends nothing is held 120 s by default and one that sends a byte now and
 * then is held for ever; this is a deadline. The TLS socket that comes out of
 * a handshake is matched to its connection by the peer's address and port,
 * which no two open TCP connections share.
 */
export function deadlineForHandshakes(server: Server, ms: number): void {
  const pending = new Map<string, NodeJS.Timeout>();
  server.on('connection', (socket: Socket) => {
    const key = peer(socket);
    const timer = setTimeout(() => socket.destroy(), ms);
    timer.unref();
    pending.set(key, timer);
    socket.once('close', () => {
      clearTimeout(timer);
      if (pending.get(key) === timer) pending.delete(key);
    });
  });
  server.on('secureConnection', (socket: TLSSocket) => {
    const key = peer(socket);
    clearTimeout(pending.get(key));
    pending.delete(key);
  });
}
