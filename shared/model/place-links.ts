import type { NavigationTarget } from './desktop.ts';

/**
 * `parley://` links: a place in Parley that another program, a web page or a
 * message can point at. Read by the shell for links the system hands over,
 * and by the window for links in messages, with the same rules.
 */
export const PROTOCOL = 'parley';

/** Longer than any link Parley makes; a longer one is refused before it is parsed. */
const MAX_LINK_LENGTH = 512;
/** Ids as the services make them (`conv_…`, `ord_…`, UUIDs): letters, digits, `_` and `-`. */
const ID = /^[A-Za-z0-9_-]{1,128}$/;

export type PlaceLinkResult =
  { ok: true; target: NavigationTarget } | { ok: false; reason: string };

/** The link "Copy link" gives for a message: its conversation, opened at it. */
export function messageLink(conversationId: string, messageId: string): string {
  return `${PROTOCOL}://conversation/${conversationId}/message/${messageId}`;
}

/**
 * Reads `parley://conversation/<id>`, `parley://conversation/<id>/message/<id>`
 * and `parley://order/<id>`, and nothing else: another scheme, a user or
 * port, a query, a fragment, an encoded or extra path segment are all
 * refused. A link comes from anyone, so it only ever names a place; it never
 * carries an action or data.
 */
export function parsePlaceLink(link: string): PlaceLinkResult {
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
  const [, id = '', ...rest] = path.split('/');
  // A conversation's link may go on to one of its messages; nothing else has more to its path.
  const onToMessage = kind === 'conversation' && rest.length === 2 && rest[0] === 'message';
  const messageId = rest.length === 0 ? null : onToMessage ? rest[1]! : '';
  if (!path.startsWith('/') || !ID.test(id) || (messageId !== null && !ID.test(messageId))) {
    return { ok: false, reason: 'the link does not name a valid id' };
  }
  if (kind === 'conversation') {
    const target = { kind, conversationId: id } as const;
    return { ok: true, target: messageId === null ? target : { ...target, messageId } };
  }
  if (kind === 'order') return { ok: true, target: { kind, orderId: id } };
  return { ok: false, reason: `Parley has no “${kind.slice(0, 40)}” links` };
}
