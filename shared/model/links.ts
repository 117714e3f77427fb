import { parsePlaceLink } from './place-links.ts';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; url: string };

// Bare `www.` hosts are linked too, as chat apps do; they open as https. A `parley://` link (a
// message's "Copy link") is a place in Parley itself.
const LINK = /\b(?:https?:\/\/|www\.|parley:\/\/)[^\s<>"']+/gi;
// With the marks of formatting (message-format.ts): `**https://example.com**` links the address alone.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"*~`]$/;

/**
 * Splits message text into plain text and links: http(s) addresses, and
 * `parley://` places that read as one; nothing else becomes clickable.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const raw = match[0];
    const trimmed = trimTrailing(raw);
    const start = match.index;
    const url = /^www\./i.test(trimmed) ? `https://${trimmed}` : trimmed;
    if (!isHttpUrl(url) && !parsePlaceLink(url).ok) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: trimmed, url });
    last = start + trimmed.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/**
 * Drops the sentence punctuation after an address, but not a closing
 * parenthesis the address itself opened (`wiki/Parley_(disambiguation)`).
 */
function trimTrailing(raw: string): string {
  let url = raw;
  while (TRAILING_PUNCTUATION.test(url)) {
    if (url.endsWith(')') && count(url, '(') >= count(url, ')')) break;
    url = url.slice(0, -1);
  }
  return url;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
