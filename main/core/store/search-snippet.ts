import { unformatted } from '../../../shared/model/message-format.ts';

/** Private-use characters FTS5's snippet() puts around each match. */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';
const MARKERS = /[\uE000\uE001]/u;
const PLAIN_SNIPPET_LENGTH = 120;

export interface Snippet {
  text: string;
  /** [start, end) offsets of the matches in `text`. */
  highlights: [number, number][];
}

/**
 * Splits snippet() output into plain text and match offsets, so the renderer
 * shows text, never markup; the formatting marks are taken off, as in the
 * list's preview (the match markers, private-use characters, are none).
 * If the message itself contains the marker characters the markers cannot
 * be trusted, and the start of the message is shown without highlights
 * instead.
 */
export function parseSnippet(marked: string, messageText: string): Snippet {
  if (MARKERS.test(messageText)) {
    return { text: messageText.slice(0, PLAIN_SNIPPET_LENGTH), highlights: [] };
  }
  const highlights: [number, number][] = [];
  let text = '';
  let start = -1;
  for (const char of unformatted(marked)) {
    if (char === MATCH_START) start = text.length;
    else if (char === MATCH_END && start >= 0) {
      highlights.push([start, text.length]);
      start = -1;
    } else text += char;
  }
  return clipSnippet({ text, highlights });
}

/** A snippet is a line: a word of a million characters is one token, and a snippet of it. */
const MAX_SNIPPET_LENGTH = 300;

function clipSnippet(snippet: Snippet): Snippet {
  if (snippet.text.length <= MAX_SNIPPET_LENGTH) return snippet;
  const end = MAX_SNIPPET_LENGTH - 1;
  return {
    text: `${snippet.text.slice(0, end)}…`,
    highlights: snippet.highlights
      .filter(([start]) => start < end)
      .map(([start, stop]): [number, number] => [start, Math.min(stop, end)]),
  };
}
