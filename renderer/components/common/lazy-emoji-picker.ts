import { deferred } from '../../lib/deferred-component.ts';

/**
 * Every emoji, searchable by name, in its own chunk: loaded after the first
 * screen, for a reaction's More and the composer's emoji button alike.
 */
export const FullEmojiPicker = deferred(() =>
  import('./full-emoji-picker.tsx').then((m) => m.FullEmojiPicker),
);
