import type { ReactNode } from 'react';

/**
 * The listbox half of the combobox pattern (see useActiveOption): options are
 * picked with the mouse without taking the focus from the text box, and each
 * has the id the box names as its active descendant.
 */
export function OptionList<T>({
  id,
  label,
  options,
  keyOf,
  active,
  onActivate,
  onPick,
  children,
}: {
  id: string;
  label: string;
  options: readonly T[];
  keyOf(option: T): string;
  active: number;
  onActivate(index: number): void;
  onPick(index: number): void;
  children(option: T): ReactNode;
}) {
  return (
    <ul id={id} role="listbox" aria-label={label} className="suggestions">
      {options.map((option, index) => (
        <li
          key={keyOf(option)}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === active}
          className={index === active ? 'active' : ''}
          onMouseEnter={() => onActivate(index)}
          onMouseDown={(event) => {
            // Keeps the focus (and the caret) in the text box.
            event.preventDefault();
            onPick(index);
          }}
        >
          {children(option)}
        </li>
      ))}
    </ul>
  );
}

export function optionId(listId: string, index: number): string {
  return `${listId}-${index}`;
}
