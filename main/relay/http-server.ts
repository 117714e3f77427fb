import { once } from 'node:events';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * The catalogue service gives each delivery 5 s. A sender that has not sent
 * its headers and body by then is closed (408), and so is a TLS handshake
 * that has not finished: open connections are the scarce thing here.
 */
export const RECEIVE_TIMEOUT_MS = 5_000;
/**
 * Node checks the header and request timeouts only on this interval (30 s by
 * default, which would let a slow sender hold a connection for 35 s).
 */
const TIMEOUT_CHECK_INTERVAL_MS = 250;
/** How long a stop waits for requests in flight before cutting their connections. */
const STOP_GRACE_MS = 10_000;

export interface HttpListenerOptions {
  host: string;
  port: number;
  /** PEM text; plain HTTP without (behind a TLS-terminating proxy, or on loopback). */
  tls?: { cert: string; key: string };
  maxConnections: number;
  handle(request: IncomingMessage, response: ServerResponse): void;
  /** A connection refused because `maxConnections` are open. */
  onDrop(): void;
}

export interface HttpListener {
  /** `http://host:port` or `https://host:port`, with the port actually bound. */
  url: string;
  /**
   * Stops accepting, marks every answer still to come as the connection's
   * last, waits for requests in flight (at most STOP_GRACE_MS), then closes.
   */
  close(): Promise<void>;
}

export async function listen(options: HttpListenerOptions): Promise<HttpListener> {
  const limits = {
    headersTimeout: RECEIVE_TIMEOUT_MS,
    requestTimeout: RECEIVE_TIMEOUT_MS,
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
  };
  const open = new Set<ServerResponse>();
  let closing = false;
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    open.add(response);
    response.once('close', () => open.delete(response));
    if (closing) response.setHeader('connection', 'close');
    options.handle(request, response);
  };
  const server = options.tls
    ? createHttpsServer(
        { ...limits, ...options.tls, handshakeTimeout: RECEIVE_TIMEOUT_MS },
        onRequest,
      )
    : createHttpServer(limits, onRequest);
  server.maxConnections = options.maxConnections;
  server.on('drop', options.onDrop);

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${options.port} on ${options.host} is already in use`)
          : error,
      );
    server.once('error', onError);
    server.listen(options.port, options.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;

  return {
    url: `${options.tls ? 'https' : 'http'}://${host}:${port}`,
    async close() {
      closing = true;
      for (const response of open) {
        if (!response.headersSent) response.setHeader('connection', 'close');
      }
      const closed = once(server, 'close');
      server.close();
      const grace = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
      await closed;
      clearTimeout(grace);
    },
  };
}
