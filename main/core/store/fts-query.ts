/** More terms than anyone types; it bounds the work a pasted wall of text can cause. */
const MAX_TERMS = 16;
const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * Turns what the user typed into FTS5 strings that cannot be a syntax error:
 * every term becomes a quoted string, so `"`, `*`, `-`, `NEAR(`, `AND`, `:`
 * are plain text. Terms with no letter or digit would tokenise to nothing, so
 * they are dropped; null means nothing is left to search for.
 */
export function quotedTerms(input: string): string[] | null {
  const terms = input
    .split(/\s+/u)
    .filter((term) => HAS_WORD_CHARACTER.test(term))
    .slice(0, MAX_TERMS)
    .map((term) => `"${term.replaceAll('"', '""')}"`);
  return terms.length > 0 ? terms : null;
}

/** All terms must match (FTS5's implicit AND); with `prefixLast`, the last one as a prefix. */
export function matchExpression(terms: string[], prefixLast: boolean): string {
  return prefixLast ? `${terms.join(' ')}*` : terms.join(' ');
}
