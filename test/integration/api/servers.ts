import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import { startSandbox } from '../../../main/sandbox/sandbox.ts';
import type { Logger } from '../../../main/core/ports/ports.ts';
import { startDeviantServer } from '../../support/deviant-server.ts';
import type { DeviantServerOptions } from '../../support/deviant-server.ts';

/** A running Messaging server the client scenarios can be pointed at. */
export interface RunningServer {
  url: string;
  token: string;
  /** Someone the signed-in user can open a conversation with. */
  otherContactId: string;
  close(): Promise<void>;
}

export const startSandboxServer = async (): Promise<RunningServer> => {
  const sandbox = await startSandbox({
    users: [
      { contactId: 'ann', token: 'ann-token' },
      { contactId: 'bo', token: 'bo-token' },
    ],
  });
  return { url: sandbox.url, token: 'ann-token', otherContactId: 'bo', close: sandbox.close };
};

export const startDeviant = async (options: DeviantServerOptions = {}) => {
  const server = await startDeviantServer(options);
  return { ...server, otherContactId: 'contact-eve' };
};

export const quietLog: Logger = { info() {}, warn() {}, error() {} };

export function clientOf(server: RunningServer, log: Logger = quietLog) {
  return createMessagingClient({
    baseUrl: server.url,
    getToken: async () => server.token,
    log,
    timeoutMs: 5_000,
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
  });
}
