import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface Listening {
  port: number;
  /** Also drops kept-alive connections, so a test never waits for them to idle out. */
  close(): Promise<void>;
}

/** Starts a test's fake server on a free port of 127.0.0.1. */
export async function listenOnLoopback(server: HttpServer | HttpsServer): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
