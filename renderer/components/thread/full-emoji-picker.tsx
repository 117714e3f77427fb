import { EmojiPicker } from 'frimousse';
import type { CSSProperties } from 'react';

/** Emojibase's data, shipped with the app (see vite.config.ts): the picker works offline. */
const EMOJIBASE_URL = './emojibase';
/** What the bundled Noto Color Emoji draws; newer emoji would be boxes on Linux. */
const EMOJI_VERSION = 15.1;
const EMOJI_FONT = { '--frimousse-emoji-font': "'Parley Emoji', sans-serif" } as CSSProperties;

/** Every emoji, searchable by name, in its own chunk: loaded the first time someone asks for more. */
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
      <EmojiPicker.Search
        className="emoji-search"
        aria-label="Search emoji"
        placeholder="Search emoji"
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
