/**
 * At most this many words of a query are searched for. Each one is a list of
 * matches FTS5 walks in step with the others, so a pasted wall of common words
 * could hold the main process; a person looking for a message types a few.
 */
export const MAX_TERMS = 8;
/**
 * The shortest unfinished word searched as a prefix. FTS5 builds a prefix's
 * whole match list before streaming it, and a one- or two-letter stem stands
 * for most of the vocabulary: 100 ms and more over 300,000 messages. Shorter
 * ones are searched as whole words until the user types on.
 */
export const MIN_PREFIX_LENGTH = 3;

/**
 * Whitespace, control characters (NUL among them, which cut FTS5's query text
 * short and failed the search) and invisible format characters (bidi
 * controls, zero-width ones) all separate words: none can be part of one.
 */
const SEPARATORS = /[\s\p{Cc}\p{Cf}]+/u;
const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;
const WORD_CHARACTERS = /[\p{L}\p{N}]/gu;

/**
 * Turns what the user typed into FTS5 strings that cannot be a syntax error:
 * every term becomes a quoted string, so `"`, `*`, `-`, `NEAR(`, `AND`, `:`
 * are plain text. Terms with no letter or digit would tokenise to nothing, so
 * they are dropped; null means nothing is left to search for.
 */
export function quotedTerms(input: string): string[] | null {
  const terms = input
    .split(SEPARATORS)
    .filter((term) => HAS_WORD_CHARACTER.test(term))
    .slice(0, MAX_TERMS)
    .map((term) => `"${term.replaceAll('"', '""')}"`);
  return terms.length > 0 ? terms : null;
}

/** Whether a quoted term has letters and digits enough to be searched as a prefix. */
export function longEnoughForPrefix(quotedTerm: string): boolean {
  return (quotedTerm.match(WORD_CHARACTERS)?.length ?? 0) >= MIN_PREFIX_LENGTH;
}

/** All terms must match (FTS5's implicit AND); with `prefixLast`, the last one as a prefix. */
export function matchExpression(terms: string[], prefixLast: boolean): string {
  return prefixLast ? `${terms.join(' ')}*` : terms.join(' ');
}
