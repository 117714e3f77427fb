import { useEffect, useRef } from 'react';

/**
 * Enter pressed in a text box whose results have not caught up with the last
 * letter is kept, and acted on once they have: a person who types a name and
 * presses Enter at once means the top match for the whole name, never nothing
 * and never the top of a list left from a few letters earlier.
 *
 * `current` says whether what is on screen answers what is typed now. It is
 * read after each render, not when the results arrive: an answer can land
 * between a key press and the render that shows it.
 */
export function usePendingEnter(current: boolean, act: () => void) {
  const pending = useRef(false);
  useEffect(() => {
    if (!current || !pending.current) return;
    pending.current = false;
    act();
  });
  return {
    /** True if this was Enter and it now waits for the results; false to handle the key now. */
    hold(event: React.KeyboardEvent): boolean {
      if (event.key !== 'Enter' || current) return false;
      event.preventDefault();
      pending.current = true;
      return true;
    },
    /** Typing again asks for other results: an earlier Enter no longer says which. */
    drop() {
      pending.current = false;
    },
  };
}
