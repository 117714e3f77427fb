import { EmojiPicker } from 'frimousse';
import type { CSSProperties, KeyboardEvent } from 'react';
import { EMOJI_VERSION } from '../../lib/emoji-version.ts';

/** Emojibase's data, shipped with the app (see vite.config.ts): the picker works offline. */
const EMOJIBASE_URL = './emojibase';
const EMOJI_FONT = { '--frimousse-emoji-font': "'Parley Emoji', sans-serif" } as CSSProperties;
/** How long a busy page may keep the picker from filtering before Enter is let through anyway. */
const IDLE_WAIT_MS = 300;

function nextIdle(): Promise<void> {
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS }));
}

/**
 * Enter in the search picks the first emoji the picker has found. The picker
 * filters a frame and an idle moment after each letter, so an Enter pressed
 * straight after typing would pick the first of the list before the last
 * letters. It waits for two idle moments instead: idle callbacks run only once
 * the page's pending tasks are done (the picker's render among them) and in
 * the order asked, so the second comes after the picker's own filtering.
 */
function holdEnterUntilFiltered(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter' || !event.isTrusted || !event.currentTarget.value) return;
  event.preventDefault();
  const search = event.currentTarget;
  void nextIdle()
    .then(nextIdle)
    .then(() => {
      search.dispatchEvent(
        new globalThis.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }),
      );
    });
}

/** Every emoji, searchable by name, with Enter picking the first found (see lazy-emoji-picker.ts). */
export function FullEmojiPicker({ onPick }: { onPick(emoji: string): void }) {
  return (
    <EmojiPicker.Root
      className="emoji-picker"
      style={EMOJI_FONT}
      columns={8}
      emojibaseUrl={EMOJIBASE_URL}
      emojiVersion={EMOJI_VERSION}
      onEmojiSelect={({ emoji }) => onPick(emoji)}
    >
      {/* Asked for to find one by name: the name is typed next. */}
      <EmojiPicker.Search
        autoFocus
        className="emoji-search"
        aria-label="Search emoji"
        placeholder="Search emoji"
        onKeyDown={holdEnterUntilFiltered}
      />
      <EmojiPicker.Viewport className="emoji-viewport">
        <EmojiPicker.Loading className="hint">Loading emoji…</EmojiPicker.Loading>
        <EmojiPicker.Empty className="hint">No emoji has that name.</EmojiPicker.Empty>
        <EmojiPicker.List
          className="emoji-list"
          aria-label="All emoji"
          components={{
            CategoryHeader: ({ category, ...props }) => (
              <div className="emoji-category" {...props}>
                {category.label}
              </div>
            ),
            Emoji: ({ emoji, ...props }) => (
              <button type="button" className="emoji-cell" {...props}>
                {emoji.emoji}
              </button>
            ),
          }}
        />
      </EmojiPicker.Viewport>
    </EmojiPicker.Root>
  );
}
