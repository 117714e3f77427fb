import { Suspense } from 'react';
import { Icon } from '../common/icon.tsx';
import { FullEmojiPicker } from '../common/lazy-emoji-picker.ts';
import { PopoverButton } from '../common/popover-button.tsx';

/**
 * The composer's emoji button: every emoji, found by name, the one picked
 * handed back to go in at the caret. The same picker as a reaction's More.
 */
export function EmojiButton({ onPick }: { onPick(emoji: string): void }) {
  return (
    <PopoverButton
      label="Insert emoji"
      panelLabel="Insert emoji"
      panelClass="reaction-picker composer-emoji"
      focusFirst=".emoji-search"
      icon={<Icon name="smile" size={20} />}
    >
      {(close) => (
        <Suspense fallback={<p className="hint">Loading emoji…</p>}>
          <FullEmojiPicker
            onPick={(emoji) => {
              close();
              onPick(emoji);
            }}
          />
        </Suspense>
      )}
    </PopoverButton>
  );
}
