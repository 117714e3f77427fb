import type { NavigationTarget } from '../../shared/model/desktop.ts';

export const PROTOCOL = 'parley';

/** Longer than any link Parley makes; a longer one is refused before it is parsed. */
const MAX_LINK_LENGTH = 512;
/** Ids as the services make them (`conv_…`, `ord_…`, UUIDs): letters, digits, `_` and `-`. */
const ID = /^[A-Za-z0-9_-]{1,128}$/;

export type DeepLinkResult = { ok: true; target: NavigationTarget } | { ok: false; reason: string };

/**
 * Reads `parley://conversation/<id>` and `parley://order/<id>`, and nothing
 * else: another scheme, a user or port, a query, a fragment, an encoded or
 * extra path segment are all refused. A link comes from any program or web
 * page on the machine, so it only ever names a place; it never carries an
 * action or data.
 */
export function parseDeepLink(link: string): DeepLinkResult {
  if (link.length > MAX_LINK_LENGTH) return { ok: false, reason: 'the link is too long' };
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { ok: false, reason: 'not a link' };
  }
  if (url.protocol !== `${PROTOCOL}:`) return { ok: false, reason: 'not a parley:// link' };
  if (url.username || url.password || url.port || url.search || url.hash) {
    return { ok: false, reason: 'the link carries more than a place' };
  }
  const kind = url.hostname.toLowerCase();
  const path = url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
  const id = path.slice(1);
  if (!path.startsWith('/') || !ID.test(id)) {
    return { ok: false, reason: 'the link does not name a valid id' };
  }
  if (kind === 'conversation') return { ok: true, target: { kind, conversationId: id } };
  if (kind === 'order') return { ok: true, target: { kind, orderId: id } };
  return { ok: false, reason: `Parley has no “${kind.slice(0, 40)}” links` };
}

/**
 * The link a launch was asked to open: Windows and Linux pass it on the
 * command line (of the first launch, or of a second one forwarded through
 * the single-instance lock), after Chromium's own switches.
 */
export function deepLinkInArgv(argv: readonly string[]): string | null {
  const prefix = `${PROTOCOL}:`;
  return argv.find((arg) => arg.toLowerCase().startsWith(prefix)) ?? null;
}
