import type { SecretVault } from '../ports/ports.ts';

/**
 * The relay token goes only to the relay it was given for. It is kept in the
 * vault together with the address it was entered with (its scope), and
 * released only for a request within that scope: the same origin (scheme,
 * host, port) and under the same path. Another address means entering the
 * token again. This is the one place that knows how; the stored form
 * (`{ scope, secret }` as JSON) is the one the general binding of every
 * secret to its URL uses, so the two fold into one mechanism.
 */

const NAME = 'relay-token';

/** The token for a request to `url`, or null when none was given for that address. */
export type TokenSource = (url: URL) => Promise<string | null>;

interface StoredBinding {
  scope: string;
  secret: string;
}

/** The scope an address stands for: origin and path, without a trailing slash. */
export function relayScope(url: string | URL): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/** Whether `url` lies within `scope`: the same origin, and the scope's path or below it. */
export function withinScope(scope: string, url: URL): boolean {
  const bound = URL.parse(scope);
  if (bound === null || bound.origin !== url.origin) return false;
  const base = bound.pathname.replace(/\/+$/, '');
  return base === '' || url.pathname === base || url.pathname.startsWith(`${base}/`);
}

export async function saveRelayToken(vault: SecretVault, url: string, token: string) {
  const binding: StoredBinding = { scope: relayScope(url), secret: token };
  await vault.set(NAME, JSON.stringify(binding));
}

async function readBinding(vault: SecretVault): Promise<StoredBinding | null> {
  const stored = await vault.get(NAME);
  if (stored === null) return null;
  try {
    const value = JSON.parse(stored) as Partial<StoredBinding> | null;
    return typeof value?.scope === 'string' && typeof value.secret === 'string'
      ? { scope: value.scope, secret: value.secret }
      : null;
  } catch {
    return null;
  }
}

/** The token given for exactly this relay address; null for any other. */
export async function relayTokenFor(vault: SecretVault, url: string): Promise<string | null> {
  const binding = await readBinding(vault);
  return binding !== null && binding.scope === relayScope(url) ? binding.secret : null;
}

/** The stored token, released only for requests within the scope it was stored with. */
export function boundRelayToken(vault: SecretVault): TokenSource {
  return async (url) => {
    const binding = await readBinding(vault);
    return binding !== null && withinScope(binding.scope, url) ? binding.secret : null;
  };
}

/** A token given together with its address (a connection test, the demo): bound by construction. */
export function givenToken(url: string, token: string): TokenSource {
  const scope = relayScope(url);
  return async (requested) => (withinScope(scope, requested) ? token : null);
}
