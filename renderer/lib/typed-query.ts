/** A word being typed at the caret after its sign (`@maya`, `:thu`): where the sign is, and the letters after it so far. */
export interface TypedQuery {
  start: number;
  query: string;
}

/** Looks back this far: a name or code longer than this is not being typed. */
const LOOK_BACK = 80;

/**
 * The word `pattern` finds right before the caret (the pattern ends in `$`,
 * its first group is the letters after the one-character sign), or null.
 */
export function typedQuery(text: string, caret: number, pattern: RegExp): TypedQuery | null {
  const match = pattern.exec(text.slice(Math.max(0, caret - LOOK_BACK), caret));
  if (!match) return null;
  const query = match[1] as string;
  return { start: caret - query.length - 1, query };
}

/** The text with the typed word (from its sign to the caret) replaced, and where the caret goes. */
export function replaceTyped(
  text: string,
  caret: number,
  at: TypedQuery,
  inserted: string,
  rest = text.slice(caret),
): { text: string; caret: number } {
  return { text: text.slice(0, at.start) + inserted + rest, caret: at.start + inserted.length };
}
