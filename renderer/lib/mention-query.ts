import { replaceTyped, typedQuery, type TypedQuery } from './typed-query.ts';

/** `@` at the start or after a space or an opening bracket, then name characters up to the caret. */
const TYPING = /(?:^|[\s([{])@([\p{L}\p{N}._-]{0,64})$/u;

/**
 * The mention being typed where the caret is, or null: an address being
 * typed (`bob@`) or a caret elsewhere in the text is no mention.
 */
export function mentionQuery(text: string, caret: number): TypedQuery | null {
  return typedQuery(text, caret, TYPING);
}

/** The text with the mention typed so far replaced by `@username` and a space, and where the caret goes. */
export function withMention(
  text: string,
  caret: number,
  at: TypedQuery,
  username: string,
): { text: string; caret: number } {
  return replaceTyped(text, caret, at, `@${username} `, text.slice(caret).replace(/^ /, ''));
}
