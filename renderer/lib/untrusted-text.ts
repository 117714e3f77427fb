/**
 * Text that comes from a server (names, message text, attachment names) is
 * shown as it is, but never allowed to pass for something else: it is clipped
 * to a length that lays out in a frame, and where a hidden character could
 * disguise it (an attachment name, a link) the characters that reorder text
 * are shown as what they are.
 */

/** Arabic letter mark, LRM/RLM, the embeddings and overrides, the isolates. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const CONTROL_NAMES: Record<string, string> = {
  '\u061c': 'arabic letter mark',
  '\u200e': 'left-to-right mark',
  '\u200f': 'right-to-left mark',
  '\u202a': 'left-to-right embedding',
  '\u202b': 'right-to-left embedding',
  '\u202c': 'pop directional formatting',
  '\u202d': 'left-to-right override',
  '\u202e': 'right-to-left override',
  '\u2066': 'left-to-right isolate',
  '\u2067': 'right-to-left isolate',
  '\u2068': 'first strong isolate',
  '\u2069': 'pop directional isolate',
};

export type TextPiece =
  | { kind: 'text'; text: string }
  /** A bidi control, as `U+202E` and its name. */
  | { kind: 'control'; code: string; name: string };

/** The text with every bidi control character as a piece of its own. */
export function revealBidiControls(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(BIDI_CONTROLS)) {
    if (match.index > last) pieces.push({ kind: 'text', text: text.slice(last, match.index) });
    const char = match[0];
    const code = `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    pieces.push({ kind: 'control', code, name: CONTROL_NAMES[char] ?? 'direction control' });
    last = match.index + char.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

/**
 * The text for a tooltip or an accessible name, where no markup can show a
 * control: each one spelled out in brackets ("rtl[U+202E]fdp.exe").
 */
export function spelledOut(text: string): string {
  return revealBidiControls(text)
    .map((piece) => (piece.kind === 'text' ? piece.text : `[${piece.code}]`))
    .join('');
}

export function hasBidiControls(text: string): boolean {
  return text.search(BIDI_CONTROLS) !== -1;
}

/** Names, reactions and the like: enough for any real one, little enough to lay out at once. */
export const NAME_LENGTH = 120;
/** Of a clipped name, the end that stays (an attachment's extension, say). */
const KEPT_END = 24;

/**
 * At most `max` characters: the start and the end of a longer text around an
 * ellipsis, so what a name ends with (an extension) is never cut away.
 */
export function clipMiddle(text: string, max = NAME_LENGTH): string {
  if (text.length <= max) return text;
  const end = Math.min(KEPT_END, Math.floor(max / 3));
  return `${safeSlice(text, 0, max - end - 1)}…${safeSlice(text, text.length - end)}`;
}

/** A slice that never splits a surrogate pair (an emoji) in two. */
export function safeSlice(text: string, start: number, end = text.length): string {
  const from = isLowSurrogate(text.charCodeAt(start)) ? start + 1 : start;
  const to = end < text.length && isLowSurrogate(text.charCodeAt(end)) ? end + 1 : end;
  return text.slice(from, to);
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
