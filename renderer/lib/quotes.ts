import { ownWords } from '../../shared/model/quoted-text.ts';

/** A quote longer than this is cut at a word, with "…": a reply points at words, it does not repeat them. */
export const QUOTE_LENGTH = 500;

/**
 * `text` as the lines a reply quotes: its own words (a reply to a reply
 * quotes the answer, not the question), cut to QUOTE_LENGTH.
 */
export function quoteFor(text: string): string {
  return cut(ownWords(text).trim())
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** What the composer holds with a quote added after it, the reply to be typed below. */
export function withQuote(before: string, quote: string): string {
  const kept = before.trimEnd();
  return `${kept ? `${kept}\n\n` : ''}${quote}\n`;
}

function cut(text: string): string {
  if (text.length <= QUOTE_LENGTH) return text;
  const space = text.lastIndexOf(' ', QUOTE_LENGTH);
  let at = space > QUOTE_LENGTH / 2 ? space : QUOTE_LENGTH;
  // Never inside a character written with two code units (most emoji).
  if (/[\uD800-\uDBFF]/.test(text.charAt(at - 1))) at -= 1;
  return `${text.slice(0, at).trimEnd()}…`;
}
