import {
  givenToken,
  readBoundSecret,
  secretScope,
  storeBoundSecret,
  vaultToken,
  withinScope,
  type TokenSource,
} from '../api/credentials.ts';
import type { SecretVault } from '../ports/ports.ts';

/**
 * The relay token under the binding every secret the app sends has
 * (api/credentials.ts): kept in the vault with the relay address it was
 * entered with, released only for a request within that address; another
 * address means entering the token again.
 */
const NAME = 'relay-token';

export { givenToken, withinScope, type TokenSource };

/** The scope a relay address stands for: origin and path, without a trailing slash. */
export const relayScope = secretScope;

export function saveRelayToken(vault: SecretVault, url: string, token: string): Promise<void> {
  return storeBoundSecret(vault, NAME, url, token);
}

/** The token given for exactly this relay address; null for any other. */
export async function relayTokenFor(vault: SecretVault, url: string): Promise<string | null> {
  const binding = await readBoundSecret(vault, NAME);
  return binding !== null && binding.scope === secretScope(url) ? binding.secret : null;
}

/** The stored token, released only for requests within the address it was stored with. */
export function boundRelayToken(vault: SecretVault): TokenSource {
  return vaultToken(vault, NAME);
}
