import { useState } from 'react';

/**
 * Arrow-key selection over a result list owned by a text box (the combobox
 * pattern): the focus stays in the box, the active option moves.
 */
export function useActiveOption(count: number, onPick: (index: number) => void) {
  const [active, setActive] = useState(0);
  const current = count === 0 || active < 0 ? -1 : Math.min(active, count - 1);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown' && count > 0) setActive((current + 1) % count);
    else if (event.key === 'ArrowUp' && count > 0) setActive((current - 1 + count) % count);
    else if (event.key === 'Enter' && current >= 0) onPick(current);
    else return;
    event.preventDefault();
  };
  return { active: current, setActive, onKeyDown };
}
