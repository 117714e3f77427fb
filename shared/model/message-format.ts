import { splitLinks } from './links.ts';
import { parsePlaceLink } from './place-links.ts';
import { ownWords } from './quoted-text.ts';

/**
 * The formatting people type in chat, as Discord, Element, Mattermost and
 * Telegram read it (the API carries plain text, so this is only how Parley
 * shows it): **bold**, *italic* or _italic_, ~~struck~~, `code`, and code
 * blocks between ``` fences.
 *
 * Plain text must stay plain, so a marker counts only where a person types
 * one as formatting: the opening one after a space, punctuation or the
 * start, before a letter; the closing one after a letter, before a space,
 * punctuation or the end; both on one line. `2*3*4`, snake_case_names,
 * `~/dir` and a link's own underscores are left as they are.
 *
 * `@name` mentions a contact by username, as every group chat writes it; an
 * e-mail address is not a mention, nor is a name's closing full stop part of it.
 */

export type FormatBlock = { kind: 'text'; text: string } | { kind: 'code'; text: string };

export type Span =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; url: string }
  | { kind: 'code'; text: string }
  | { kind: 'mention'; text: string; name: string }
  | { kind: 'strong' | 'em' | 'strike'; children: Span[] };

/** ``` up to the next ```; a word alone on the opening line names a language, and is dropped. */
const FENCE = /```(?:[\w+#.-]{1,20}(?=\n))?\n?([^]*?)\n?```/g;

/** The text as runs of plain text and fenced code; an unclosed fence is plain text. */
export function formatBlocks(text: string): FormatBlock[] {
  const blocks: FormatBlock[] = [];
  let last = 0;
  for (const match of text.matchAll(FENCE)) {
    const code = match[1] as string;
    if (code.trim() === '') continue;
    // The line breaks around a fence end the lines beside it: the block stands on its own.
    const before = text.slice(last, match.index).replace(/\n$/, '');
    if (before) blocks.push({ kind: 'text', text: before });
    blocks.push({ kind: 'code', text: code });
    last = match.index + match[0].length;
    if (text[last] === '\n') last += 1;
  }
  if (last < text.length) blocks.push({ kind: 'text', text: text.slice(last) });
  return blocks;
}

const INLINE_CODE = /`([^`\n]+)`/g;

/**
 * Emphasis: the marker, content that neither starts nor ends with a space or
 * that marker, the same marker again; no letter, digit or marker outside
 * either. The content is bounded, so a line of unmatched marks is read in
 * linear time.
 */
const EMPHASIS =
  /(?<![\p{L}\p{N}*_~\\])(\*\*|~~|\*|_)(?!\s)(?!\1)([^\n]{0,499}?[^\s\\])(?<!\1)\1(?![\p{L}\p{N}*_~])/gu;

const KIND_OF = { '**': 'strong', '~~': 'strike', '*': 'em', _: 'em' } as const;

/**
 * Formatted text: emphasis, code spans, links, plain text. A marker inside a
 * code span or a link is part of it, and formats nothing.
 */
export function inlineSpans(text: string): Span[] {
  const kept = [...ranges(text, INLINE_CODE), ...linkRanges(text)];
  const isKept = (at: number) => kept.some(([start, end]) => at >= start && at < end);
  const spans: Span[] = [];
  let last = 0;
  // One expression for every call: each search sets where it starts, so the calls for the
  // content inside (which move it too) leave this one's place alone.
  for (let from = 0; ;) {
    EMPHASIS.lastIndex = from;
    const match = EMPHASIS.exec(text);
    if (!match) break;
    const marker = match[1] as keyof typeof KIND_OF;
    const inner = match[2] as string;
    const close = match.index + marker.length + inner.length;
    if (isKept(match.index) || isKept(close)) {
      from = match.index + 1;
      continue;
    }
    spans.push(...plain(text.slice(last, match.index)));
    spans.push({ kind: KIND_OF[marker], children: inlineSpans(inner) });
    last = close + marker.length;
    from = last;
  }
  spans.push(...plain(text.slice(last)));
  return spans;
}

/** Text without emphasis: its code spans, and links in the rest. */
function plain(text: string): Span[] {
  const spans: Span[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_CODE)) {
    spans.push(...linked(text.slice(last, match.index)));
    spans.push({ kind: 'code', text: match[1] as string });
    last = match.index + match[0].length;
  }
  spans.push(...linked(text.slice(last)));
  return spans;
}

function linked(text: string): Span[] {
  if (text === '') return [];
  return splitLinks(text).flatMap((part) =>
    part.kind === 'link'
      ? [{ kind: 'link' as const, text: part.text, url: part.url }]
      : mentioned(part.text),
  );
}

/** `@` after no letter, digit or `@`; a name that starts and ends with a letter, digit or `_`. */
const MENTION = /(?<![\p{L}\p{N}_.@-])@((?:[\p{L}\p{N}_][\p{L}\p{N}._-]{0,62})?[\p{L}\p{N}_])/gu;

function mentioned(text: string): Span[] {
  const spans: Span[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    if (match.index > last) spans.push({ kind: 'text', text: text.slice(last, match.index) });
    spans.push({ kind: 'mention', text: match[0], name: match[1] as string });
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push({ kind: 'text', text: text.slice(last) });
  return spans;
}

/** Mentions are looked for this far in: a name comes early, and a message can be a book. */
const MENTION_SCAN_LENGTH = 10_000;

/** Whether the text mentions `username` (case aside), outside code. */
export function mentions(whole: string, username: string): boolean {
  const text = whole.slice(0, MENTION_SCAN_LENGTH);
  if (!text.includes('@')) return false;
  const wanted = username.toLowerCase();
  const found = (spans: Span[]): boolean =>
    spans.some((span) =>
      span.kind === 'mention'
        ? span.name.toLowerCase() === wanted
        : 'children' in span && found(span.children),
    );
  return formatBlocks(text).some(
    (block) => block.kind === 'text' && found(inlineSpans(block.text)),
  );
}

function ranges(text: string, pattern: RegExp): [number, number][] {
  return [...text.matchAll(pattern)].map((match) => [match.index, match.index + match[0].length]);
}

function linkRanges(text: string): [number, number][] {
  const found: [number, number][] = [];
  let at = 0;
  for (const part of splitLinks(text)) {
    if (part.kind === 'link') found.push([at, at + part.text.length]);
    at += part.text.length;
  }
  return found;
}

/** A preview shows a line (300 characters at most): its marks are taken off this far in. */
const PREVIEW_SCAN_LENGTH = 1_000;

/**
 * What a list preview or a notification shows of a message: its own words
 * (a quote left out, see quoted-text.ts), without their formatting marks, a
 * `parley://` link as what it points at (its ids mean nothing to a person).
 */
export function previewWords(text: string): string {
  return placesNamed(unformatted(ownWords(text).slice(0, PREVIEW_SCAN_LENGTH)));
}

const PLACE_NAMES = {
  message: '(link to a message)',
  conversation: '(link to a conversation)',
  order: '(link to an order)',
} as const;

function placesNamed(text: string): string {
  if (!text.includes('parley://')) return text;
  return splitLinks(text)
    .map((part) => {
      const place = part.kind === 'link' ? parsePlaceLink(part.url) : null;
      if (!place?.ok) return part.text;
      const { target } = place;
      if (target.kind === 'conversation') {
        return target.messageId ? PLACE_NAMES.message : PLACE_NAMES.conversation;
      }
      return target.kind === 'order' ? PLACE_NAMES.order : part.text;
    })
    .join('');
}

/** The words without their formatting marks. */
export function unformatted(text: string): string {
  if (!/[*_~`]/.test(text)) return text;
  return formatBlocks(text)
    .map((block) => (block.kind === 'code' ? block.text : spansText(inlineSpans(block.text))))
    .join('\n');
}

function spansText(spans: Span[]): string {
  return spans.map((span) => ('children' in span ? spansText(span.children) : span.text)).join('');
}
