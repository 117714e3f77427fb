import { typedQuery, type TypedQuery } from './typed-query.ts';

/**
 * `:` at the start or after a space or an opening bracket, then two or more
 * code characters up to the caret, as Slack and Element ask before offering
 * emoji: a time (`10:30`), a link (`https://`) or an emoticon (`:D`, `:-)`)
 * offers nothing.
 */
const TYPING = /(?:^|[\s([{]):([a-z0-9_+-]{2,40})$/i;
/** The same code closed by a second `:`, typed just now. */
const CLOSED = /(?:^|[\s([{]):([a-z0-9_+-]{1,40}):$/i;

/** The emoji code being typed where the caret is (`:thu`), or null. */
export function emojiCodeQuery(text: string, caret: number): TypedQuery | null {
  return typedQuery(text, caret, TYPING);
}

/** A whole code (`:tada:`) ending at the caret: where it starts, and the code without its colons. */
export function closedEmojiCode(text: string, caret: number): TypedQuery | null {
  const closed = CLOSED.exec(text.slice(Math.max(0, caret - 44), caret));
  if (!closed) return null;
  const query = closed[1] as string;
  return { start: caret - query.length - 2, query };
}
