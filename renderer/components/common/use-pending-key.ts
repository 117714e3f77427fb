import { useEffect, useRef } from 'react';

/**
 * A key pressed in a text box whose results have not caught up with the last
 * letter (Enter to open the top one, Down to move into them) is kept, and
 * acted on once they have: a person who types a name and presses Enter at
 * once means the top match for the whole name, never nothing and never the
 * top of a list left from a few letters earlier.
 *
 * `current` says whether what is on screen answers what is typed now. It is
 * read after each render, not when the results arrive: an answer can land
 * between a key press and the render that shows it.
 */
export function usePendingKey(current: boolean, act: (key: string) => void) {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    const key = pending.current;
    if (!current || key === null) return;
    pending.current = null;
    act(key);
  });
  return {
    /** True if the key now waits for the results; false if they are current and it is the caller's. */
    hold(event: React.KeyboardEvent): boolean {
      if (current) return false;
      event.preventDefault();
      pending.current = event.key;
      return true;
    },
    /** Typing again asks for other results: a key pressed before no longer says which. */
    drop() {
      pending.current = null;
    },
  };
}
