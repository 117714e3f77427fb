import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { TypedQuery } from '../../lib/typed-query.ts';
import { useActiveOption } from '../common/use-active-option.ts';
import { usePendingKey } from '../common/use-pending-key.ts';

export interface SuggestionSource<T> {
  /** The word being typed at the caret that asks for suggestions, or null. */
  typed: TypedQuery | null;
  /** What else the suggestions depend on (the conversation), so they are asked again when it changes. */
  scope: string;
  find(query: string): Promise<readonly T[]>;
  /** Puts the one picked in place of the word typed. */
  put(item: T, at: TypedQuery): void;
  /** How long typing must pause before they are asked. */
  delayMs: number;
}

/**
 * Suggestions for a word typed in the composer (`@` names, `:` emoji codes),
 * just above the text box, which keeps the focus. Up and Down move through
 * them; Enter or Tab puts the one highlighted in, pressed before the list has
 * caught up too; Esc closes the list and leaves the text as typed. With
 * nothing to offer, Enter sends as ever.
 */
export function useSuggestions<T>(source: SuggestionSource<T>) {
  const { typed } = source;
  const [dismissed, setDismissed] = useState<number | null>(null);
  const at = typed && typed.start !== dismissed ? typed : null;
  const [found, setFound] = useState<{ query: string; items: readonly T[] } | null>(null);
  const query = at?.query ?? null;
  const find = useEffectEvent((asked: string) => source.find(asked));
  // Closed with Esc for that one word only: the next one offers suggestions again.
  if (typed === null && dismissed !== null) setDismissed(null);

  useEffect(() => {
    if (query === null) return;
    let live = true;
    const show = (items: readonly T[]) => live && setFound({ query, items });
    const timer = setTimeout(() => void find(query).then(show, () => show([])), source.delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, source.scope, source.delayMs]);

  const options = at && found ? found.items : [];
  const pick = (index: number) => {
    const item = options[index];
    if (item !== undefined && at) source.put(item, at);
  };
  const active = useActiveOption(options.length, pick);
  const send = useRef<(() => void) | null>(null);
  const pending = usePendingKey(at === null || found?.query === at.query, (key) => {
    if (options.length > 0) pick(active.active);
    else if (key === 'Enter') send.current?.();
  });

  return {
    /** The word being typed, while its list is offered. */
    at,
    options,
    /** Whether the list is on screen. */
    offered: at !== null && options.length > 0,
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
     * `sendLater` is what a held Enter does when nothing matched after all.
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

export type Suggestions<T> = ReturnType<typeof useSuggestions<T>>;
