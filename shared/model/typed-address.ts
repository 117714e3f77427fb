import { isLoopbackHostname } from '../security/cleartext.ts';

/**
 * An address as a person types or pastes it, `messaging.example.com`,
 * `localhost:8080` or `//example.com/cat.png`, without a scheme: it gets
 * https://, or http:// on this computer (the only place plain http is
 * accepted), as a browser's address bar would. Anything with a scheme, or
 * nothing, is left as it is for the form's own check to judge.
 */
export function withScheme(typed: string): string {
  const address = typed.trim();
  if (address === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(address)) return address;
  const bare = address.replace(/^\/\/+/, '');
  const host = URL.parse(`http://${bare}`)?.hostname;
  return `${host !== undefined && isLoopbackHostname(host) ? 'http' : 'https'}://${bare}`;
}
