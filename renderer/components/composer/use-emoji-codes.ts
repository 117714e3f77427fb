import { loadEmojiCodes, matchEmojiCodes, type EmojiCode } from '../../lib/emoji-codes.ts';
import { emojiCodeQuery } from '../../lib/emoji-code-query.ts';
import { replaceTyped } from '../../lib/typed-query.ts';
import { useRecentEmoji } from '../../stores/recently-used.ts';
import { useSuggestions } from './use-suggestions.ts';

/**
 * `:` and two letters typed in the composer offer the emoji whose code holds
 * them (`:thu` offers 👍 `:thumbsup:`), as Slack, Element and Discord do,
 * the emoji this person puts in lately first.
 */
export function useEmojiCodes(
  text: string,
  caret: number,
  put: (next: { text: string; caret: number }) => void,
) {
  return useSuggestions<EmojiCode>({
    typed: emojiCodeQuery(text, caret),
    scope: '',
    find: async (query) =>
      matchEmojiCodes(await loadEmojiCodes(), query, { recent: useRecentEmoji.getState().items }),
    put: (code, at) => {
      useRecentEmoji.getState().remember(code.emoji);
      put(replaceTyped(text, caret, at, code.emoji));
    },
    delayMs: 0,
  });
}
