import type { SecretName, SecretVault } from '../ports/ports.ts';

/**
 * A secret goes only where it was given for. Each token is stored together
 * with the URL it was entered with (its scope), and a request carries it only
 * when the request's URL lies within that scope: same origin (scheme, host,
 * port) and under the same path. A request anywhere else goes without it, and
 * naming another URL means entering the secret again for that URL. This holds
 * for every secret the app sends: the messaging token (scope: the base URL),
 * the catalogue token (the catalogue URL), the relay token (the relay URL,
 * relay/relay-credentials.ts) and any later one — store it with
 * `storeBoundSecret`, send it with a token source from `vaultToken`. A token
 * given together with its URL (a sign-in being checked, the CLI's environment,
 * the demo's relay) is bound by construction: `givenToken`, or a transport,
 * which never sends a request outside its own base URL.
 */

/** The secret to send with a request to `url`; null when none was given for that URL. */
export type TokenSource = (url: URL) => Promise<string | null>;

/** The scope a URL stands for: its origin and path, without query, fragment or trailing slash. */
export function secretScope(url: string | URL): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/** Whether `url` lies within `scope`: same origin, and the scope's path or below it. */
export function withinScope(scope: string, url: URL): boolean {
  const bound = URL.parse(scope);
  if (bound === null || bound.origin !== url.origin) return false;
  const base = bound.pathname.replace(/\/+$/, '');
  return base === '' || url.pathname === base || url.pathname.startsWith(`${base}/`);
}

interface StoredBinding {
  scope: string;
  secret: string;
}

export async function storeBoundSecret(
  vault: SecretVault,
  name: SecretName,
  url: string | URL,
  secret: string,
): Promise<void> {
  const binding: StoredBinding = { scope: secretScope(url), secret };
  await vault.set(name, JSON.stringify(binding));
}

/**
 * The stored secret and its scope. A value without a scope (written before
 * secrets were bound) counts as no secret: the user is asked for it again.
 */
export async function readBoundSecret(
  vault: SecretVault,
  name: SecretName,
): Promise<StoredBinding | null> {
  const stored = await vault.get(name);
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

/** Whether a secret is stored for exactly this URL's scope. */
export async function hasSecretFor(
  vault: SecretVault,
  name: SecretName,
  url: string | null,
): Promise<boolean> {
  if (url === null || URL.parse(url) === null) return false;
  return (await readBoundSecret(vault, name))?.scope === secretScope(url);
}

/** A secret handed over together with its URL (a connection test, the demo's own): bound by construction. */
export function givenToken(url: string | URL, token: string): TokenSource {
  const scope = secretScope(url);
  return async (requested) => (withinScope(scope, requested) ? token : null);
}

/**
 * A stored secret, released only for requests within the scope it was stored
 * with. `readEveryMs` lets a client that lives as long as one sign-in (so its
 * secret cannot change meanwhile) read the vault at most that often: a read
 * per request (a file, or the keychain) held each request of a history sync
 * behind the main thread's storing of the page before, so the server never
 * worked on one page while the app stored another.
 */
export function vaultToken(vault: SecretVault, name: SecretName, readEveryMs = 0): TokenSource {
  let read: { at: number; binding: Promise<StoredBinding | null> } | null = null;
  return async (url) => {
    if (read === null || Date.now() - read.at >= readEveryMs) {
      read = { at: Date.now(), binding: readBoundSecret(vault, name) };
    }
    const binding = await read.binding;
    return binding !== null && withinScope(binding.scope, url) ? binding.secret : null;
  };
}
