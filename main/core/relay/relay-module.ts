import type { SecretVault } from '../ports/ports.ts';
import type { HostState } from '../sync/poller.ts';
import { createRelayClient } from './relay-client.ts';
import { boundRelayToken, givenToken } from './relay-credentials.ts';
import { createRelayPuller, type RelayPuller, type RelayPullerDeps } from './relay-puller.ts';

/**
 * The relay pull client as the rest of the core reaches it: only through
 * import() (the lint holds that), so a launch that pulls from no relay never
 * reads this folder.
 */
export { testRelayConnection } from './connection-test.ts';
export { relayTokenFor, saveRelayToken } from './relay-credentials.ts';
export { forgetPosition } from './relay-cursor.ts';
export type { RelayPuller } from './relay-puller.ts';

export interface PullOptions extends Omit<RelayPullerDeps, 'client'> {
  /**
   * The token: the vault's, released only for the relay it was given for, or
   * one handed over together with this address (the demo's).
   */
  token: { vault: SecretVault } | { given: string };
  /** A certificate to trust instead of the system's authorities (the demo's own relay). */
  ca?: string;
  host: HostState;
}

/** Starts pulling from the relay at `url` into the activity log. */
export function startPulling(options: PullOptions): RelayPuller {
  const { token, ca, host, ...deps } = options;
  const client = createRelayClient({
    url: deps.url,
    token: 'vault' in token ? boundRelayToken(token.vault) : givenToken(deps.url, token.given),
    ...(ca !== undefined && { ca }),
  });
  const puller = createRelayPuller({ ...deps, client });
  puller.setHostState(host);
  puller.start();
  return puller;
}
