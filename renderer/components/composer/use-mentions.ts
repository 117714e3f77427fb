import type { ContactSuggestion } from '../../../shared/model/conversation.ts';
import { mentionQuery, withMention } from '../../lib/mention-query.ts';
import { suggestContacts } from '../../stores/conversation-actions.ts';
import { useSuggestions } from './use-suggestions.ts';

/**
 * `@` typed in the composer offers the contacts whose name holds what
 * follows it, those who wrote in the conversation first, as every group
 * chat does.
 */
export function useMentions(
  text: string,
  caret: number,
  conversationId: string,
  put: (next: { text: string; caret: number }) => void,
) {
  return useSuggestions<ContactSuggestion>({
    typed: mentionQuery(text, caret),
    scope: conversationId,
    find: (query) => suggestContacts(query, conversationId),
    put: (contact, at) => put(withMention(text, caret, at, contact.username || contact.id)),
    delayMs: 100,
  });
}
