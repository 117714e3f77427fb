/** The marks Ctrl/Cmd+B, I, Shift+X and E put around a selection (shared/model/message-format.ts). */
export const MARKS = { bold: '**', italic: '_', struck: '~~', code: '`' } as const;

export interface Edited {
  text: string;
  start: number;
  end: number;
}

/**
 * Puts `mark` around the selection, or takes it off when the selection is
 * already inside (or holds) a pair of it, as Slack and Element do. Spaces at
 * the selection's edges (a double-clicked word brings its space) stay
 * outside the marks, where formatting needs them. With nothing selected, the
 * pair goes in with the caret between.
 */
export function toggleMark(text: string, start: number, end: number, mark: string): Edited {
  const size = mark.length;
  if (text.slice(start - size, start) === mark && text.slice(end, end + size) === mark) {
    return {
      text: text.slice(0, start - size) + text.slice(start, end) + text.slice(end + size),
      start: start - size,
      end: end - size,
    };
  }
  const selected = text.slice(start, end);
  if (selected.length >= 2 * size && selected.startsWith(mark) && selected.endsWith(mark)) {
    const inner = selected.slice(size, -size);
    return {
      text: text.slice(0, start) + inner + text.slice(end),
      start,
      end: start + inner.length,
    };
  }
  const from = start + (selected.length - selected.trimStart().length);
  const to = Math.max(from, end - (selected.length - selected.trimEnd().length));
  return {
    text: `${text.slice(0, from)}${mark}${text.slice(from, to)}${mark}${text.slice(to)}`,
    start: from + size,
    end: to + size,
  };
}
