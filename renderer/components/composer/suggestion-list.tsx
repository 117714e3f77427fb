import type { ReactNode } from 'react';
import { OptionList } from '../common/option-list.tsx';
import type { Suggestions } from './use-suggestions.ts';

/** What the word being typed offers (see useSuggestions), just above the text box, which keeps the focus. */
export function SuggestionList<T>({
  id,
  label,
  suggestions,
  keyOf,
  children,
}: {
  id: string;
  label: string;
  suggestions: Suggestions<T>;
  keyOf(item: T): string;
  children(item: T): ReactNode;
}) {
  return (
    <div className="composer-suggestions">
      <OptionList
        id={id}
        label={label}
        options={suggestions.options}
        keyOf={keyOf}
        active={suggestions.active}
        onActivate={suggestions.setActive}
        onPick={suggestions.pick}
      >
        {children}
      </OptionList>
    </div>
  );
}
