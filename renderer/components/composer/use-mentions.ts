import { useEffect, useRef, useState } from 'react';
import type { ContactSuggestion } from '../../../shared/model/conversation.ts';
import { mentionQuery, withMention } from '../../lib/mention-query.ts';
import { suggestContacts } from '../../stores/conversation-actions.ts';
import { useActiveOption } from '../common/use-active-option.ts';
import { usePendingKey } from '../common/use-pending-key.ts';

const SUGGEST_AFTER_MS = 100;

/**
 * `@` typed in the composer offers the contacts whose name holds what
 * follows it, those who wrote in the conversation first, as every group
 * chat does. Up and Down move through them; Enter or Tab puts the one
 * highlighted in, pressed before the list has caught up too; Esc closes the
 * list and leaves the text as typed. With no contact to offer, Enter sends
 * as ever.
 */
export function useMentions(
  text: string,
  caret: number,
  conversationId: string,
  put: (next: { text: string; caret: number }) => void,
) {
  const typed = mentionQuery(text, caret);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const at = typed && typed.start !== dismissed ? typed : null;
  const [found, setFound] = useState<{ query: string; items: ContactSuggestion[] } | null>(null);
  const query = at?.query ?? null;
  // Closed with Esc for that one mention only: the next @ offers names again.
  if (typed === null && dismissed !== null) setDismissed(null);

  useEffect(() => {
    if (query === null) return;
    let live = true;
    const show = (items: ContactSuggestion[]) => live && setFound({ query, items });
    const timer = setTimeout(
      () => void suggestContacts(query, conversationId).then(show, () => show([])),
      SUGGEST_AFTER_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, conversationId]);

  const options = at && found ? found.items : [];
  const pick = (index: number) => {
    const contact = options[index];
    if (!contact || !at) return;
    put(withMention(text, caret, at, contact.username || contact.id));
  };
  const active = useActiveOption(options.length, pick);
  const send = useRef<(() => void) | null>(null);
  const pending = usePendingKey(at === null || found?.query === at.query, (key) => {
    if (options.length > 0) pick(active.active);
    else if (key === 'Enter') send.current?.();
  });

  return {
    /** The mention being typed, while its list is offered. */
    at,
    options,
    active: active.active,
    setActive: active.setActive,
    pick,
    /** A new letter: a key held for the old list no longer says which. */
    onType() {
      pending.drop();
      active.setActive(0);
    },
    /**
     * The keys the list takes while it is offered; true when it took this one.
     * `sendLater` is what a held Enter does when no contact matched after all.
     */
    onKeyDown(event: React.KeyboardEvent, sendLater: () => void): boolean {
      if (!at) return false;
      send.current = sendLater;
      if (event.key === 'Escape' && options.length > 0) {
        event.preventDefault();
        event.stopPropagation();
        setDismissed(at.start);
        return true;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
        if (pending.hold(event)) return true;
        if (options.length === 0) return false;
        event.preventDefault();
        pick(active.active);
        return true;
      }
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length > 0) {
        active.onKeyDown(event);
        return true;
      }
      return false;
    },
  };
}
