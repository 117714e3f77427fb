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
