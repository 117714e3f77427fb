import { Suspense, useState } from 'react';
import { Icon } from '../common/icon.tsx';
import { FullEmojiPicker } from '../common/lazy-emoji-picker.ts';
import { Popover } from '../common/popover.tsx';

/**
 * The composer's emoji button: every emoji, found by name, the one picked
 * handed back to go in at the caret. The same picker as a reaction's More.
 */
export function EmojiButton({ onPick }: { onPick(emoji: string): void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label="Insert emoji"
        title="Insert emoji"
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(anchor ? null : event.currentTarget)}
      >
        <Icon name="smile" size={20} />
      </button>
      {anchor && (
        <Popover
          anchor={anchor}
          onClose={() => setAnchor(null)}
          focusFirst=".emoji-search"
          role="dialog"
          aria-label="Insert emoji"
          className="reaction-picker composer-emoji"
        >
          <Suspense fallback={<p className="hint">Loading emoji…</p>}>
            <FullEmojiPicker
              onPick={(emoji) => {
                setAnchor(null);
                onPick(emoji);
              }}
            />
          </Suspense>
        </Popover>
      )}
    </>
  );
}
