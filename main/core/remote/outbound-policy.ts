import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { addressKind, ipLiteral } from '../net/address-policy.ts';

/**
 * Where the main process may fetch remote content (images, a link's type) on
 * the renderer's behalf. Public https addresses, checked after DNS resolution
 * and on every redirect; never this computer, link-local or private-network
 * addresses, so a message cannot make the app probe the user's network.
 *
 * One exception: the origin of the messaging server the user signed in to
 * (the demo's own server on loopback among them) serves the avatars and
 * pictures of its own messages. The user chose to trust that server with
 * their token, so its origin, exactly, is allowed on any address and over
 * http where sign-in allowed it (loopback); nothing else private is.
 */
export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export interface Destination {
  url: URL;
  /** Resolves the host, refusing addresses the policy forbids; null for the trusted origin. */
  lookup: LookupFunction | null;
}

/** Checks one hop (the first request, or a redirect's target) before anything is sent. */
export function checkDestination(url: URL, trustedOrigin: string | null): Destination {
  if (url.username !== '' || url.password !== '') {
    throw new OutboundRefused('Addresses with a user name or password are not fetched.');
  }
  if (trustedOrigin !== null && url.origin === trustedOrigin) return { url, lookup: null };
  if (url.protocol !== 'https:') {
    throw new OutboundRefused(`Only https:// addresses are fetched, not ${url.protocol}//.`);
  }
  const literal = ipLiteral(url.hostname);
  if (literal !== null) {
    // A literal address is connected to as it is, with no lookup: check it here.
    refuseUnlessPublic(literal, url.hostname);
    return { url, lookup: null };
  }
  if (url.hostname.toLowerCase() === 'localhost' || url.hostname.endsWith('.localhost')) {
    throw new OutboundRefused('Addresses on this computer are not fetched.');
  }
  return { url, lookup: publicOnlyLookup };
}

function refuseUnlessPublic(address: string, host: string): void {
  const kind = addressKind(address);
  if (kind !== 'public') {
    throw new OutboundRefused(
      `${host} is ${kind === 'loopback' ? 'this computer' : 'on a private or local network'}: not fetched.`,
    );
  }
}

/**
 * A lookup for net.connect that answers only public addresses, so the
 * connection goes to the very address that was checked (no second lookup a
 * rebinding name could answer differently). A name with any forbidden address
 * among its answers is refused as a whole.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const found = addresses as LookupAddress[];
    try {
      if (found.length === 0) throw new OutboundRefused(`${hostname} has no address.`);
      for (const { address } of found) refuseUnlessPublic(address, hostname);
    } catch (refusal) {
      return callback(refusal as NodeJS.ErrnoException, '', 0);
    }
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, found);
    } else {
      const first = found[0] as LookupAddress;
      callback(null, first.address, first.family);
    }
  });
};
