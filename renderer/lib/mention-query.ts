/** The `@name` being typed at the caret: where its `@` is, and the letters after it so far. */
export interface MentionQuery {
  start: number;
  query: string;
}

/** `@` at the start or after a space or an opening bracket, then name characters up to the caret. */
const TYPING = /(?:^|[\s([{])@([\p{L}\p{N}._-]{0,64})$/u;

/**
 * The mention being typed where the caret is, or null: an address being
 * typed (`bob@`) or a caret elsewhere in the text is no mention.
 */
export function mentionQuery(text: string, caret: number): MentionQuery | null {
  const before = text.slice(Math.max(0, caret - 80), caret);
  const match = TYPING.exec(before);
  if (!match) return null;
  const query = match[1] as string;
  return { start: caret - query.length - 1, query };
}

/** The text with the mention typed so far replaced by `@username` and a space, and where the caret goes. */
export function withMention(
  text: string,
  caret: number,
  at: MentionQuery,
  username: string,
): { text: string; caret: number } {
  const inserted = `@${username} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, at.start) + inserted + after, caret: at.start + inserted.length };
}
