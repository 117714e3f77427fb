import ipaddr from 'ipaddr.js';

/**
 * Which addresses the app may talk to, and how. Ranges come from ipaddr.js
 * (its table of special-purpose ranges), never from hand-written CIDR maths.
 *
 * - loopback: this computer (127.0.0.0/8, ::1, and the name `localhost`).
 * - public: a global unicast address.
 * - private: everything else a name can resolve to: private networks,
 *   link-local, unique-local, carrier-grade NAT, multicast, unspecified,
 *   reserved and documentation ranges.
 */
export type AddressKind = 'loopback' | 'public' | 'private';

/** The IP address a URL's hostname spells, without IPv6 brackets; null for a name. */
export function ipLiteral(hostname: string): string | null {
  const bare =
    hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}

export function addressKind(address: string): AddressKind {
  // process() turns an IPv4-mapped IPv6 address (::ffff:10.0.0.1) into the IPv4 address it carries.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === 'loopback') return 'loopback';
  return range === 'unicast' ? 'public' : 'private';
}

export function isIpAddress(value: string): boolean {
  return ipaddr.isValid(value);
}

/** Whether a URL's hostname is this computer, by its address or by the name `localhost`. */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname.toLowerCase() === 'localhost') return true;
  const ip = ipLiteral(hostname);
  return ip !== null && addressKind(ip) === 'loopback';
}

/**
 * Why a token must not be sent to this server address, or null when it may:
 * https anywhere, http only to this computer (the sandbox, the demo), where
 * nothing crosses a network.
 */
export function cleartextProblem(url: URL): string | null {
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return null;
    return (
      `Parley sends tokens only over https: use https://${url.host}${url.pathname === '/' ? '' : url.pathname}. ` +
      'http:// is accepted only for this computer (localhost, 127.0.0.1 or ::1).'
    );
  }
  return `The address must start with https:// (not ${url.protocol}//).`;
}
