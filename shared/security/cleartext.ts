/**
 * The one rule for where a token may travel in cleartext, shared by the core
 * (before every request) and the renderer (as the user types an address):
 * https anywhere, http only to this computer, where nothing crosses a network.
 * Pure string work on what the URL parser wrote, so it runs on both sides.
 */

/**
 * Whether a URL's hostname, as `new URL()` normalises it (lowercase names,
 * dotted IPv4 for `127.1` or `0x7f.1`, compressed IPv6), is this computer:
 * `localhost`, 127.0.0.0/8, `::1`, or 127.0.0.0/8 mapped into IPv6.
 */
export function isLoopbackHostname(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(hostname)
  );
}

/** Why a token must not be sent to this address, in words, or null when it may. */
export function cleartextProblem(url: URL): string | null {
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    if (isLoopbackHostname(url.hostname)) return null;
    return (
      `Parley sends tokens only over https: use https://${url.host}${url.pathname === '/' ? '' : url.pathname}. ` +
      'http:// is accepted only for this computer (localhost, 127.0.0.1 or ::1).'
    );
  }
  return `The address must start with https:// (not ${url.protocol}//).`;
}
