import { isLoopbackHostname } from '../security/cleartext.ts';

/**
 * An address as a person types it, `messaging.example.com` or
 * `localhost:8080`, without a scheme: it gets https://, or http:// on this
 * computer (the only place plain http is accepted), as a browser's address
 * bar would. Anything with a scheme, or nothing, is left as it is for the
 * form's own check to judge.
 */
export function withScheme(typed: string): string {
  const address = typed.trim();
  if (address === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(address)) return address;
  const host = URL.parse(`http://${address}`)?.hostname;
  return `${host !== undefined && isLoopbackHostname(host) ? 'http' : 'https'}://${address}`;
}
