import { create } from 'zustand';
import { call } from '../ipc/parley.ts';
import {
  currentId,
  followReplacedKeys,
  type Replacements,
  type ReplacedId,
} from '../lib/replaced-ids.ts';
import { keyedSaver } from '../lib/keyed-saver.ts';
import { useKeptUnsent } from './kept-unsent-store.ts';

interface DraftState {
  /** Drafts of the conversations opened in this session, as typed. */
  drafts: Record<string, string>;
  /** Conversations started here that the server has confirmed: local id to server id. */
  replaced: Replacements;
  load(conversationId: string): Promise<void>;
  setDraft(conversationId: string, text: string): void;
  /** Saves at once, for sending or switching away. */
  flush(conversationId: string): void;
  /** Saves every draft still waiting for a pause in typing, as the window goes. */
  flushAll(): void;
  /**
   * The server confirmed conversations started here: what was typed under a
   * local id goes on under the server's, still to be saved if it was.
   */
  followReplacedIds(replaced: readonly ReplacedId[]): void;
}

const saver = keyedSaver<string>((conversationId, text) => {
  call('drafts:set', { conversationId, text }).then(
    // The conversation was deleted elsewhere meanwhile: the core kept the text apart.
    ({ kept }) => kept && void useKeptUnsent.getState().refresh(),
    () => undefined,
  );
});

export const useDrafts = create<DraftState>()((set, get) => ({
  drafts: {},
  replaced: {},
  async load(conversationId) {
    if (conversationId in get().drafts) return;
    try {
      const { text } = await call('drafts:get', { conversationId });
      // The user may have started typing while the stored draft was on its way.
      if (!(conversationId in get().drafts)) {
        set({ drafts: { ...get().drafts, [conversationId]: text } });
      }
    } catch {
      // Without a stored draft the composer simply starts empty.
    }
  },
  setDraft(id, text) {
    const conversationId = currentId(get().replaced, id);
    set({ drafts: { ...get().drafts, [conversationId]: text } });
    saver.schedule(conversationId, text);
  },
  flush: saver.flush,
  flushAll: saver.flushAll,
  followReplacedIds(replaced) {
    const {
      record: drafts,
      moved,
      seen,
    } = followReplacedKeys(get().drafts, get().replaced, replaced);
    if (seen === get().replaced) return;
    for (const { from, to } of moved) saver.move(from, to);
    // Before the thread switches to the server's id, so its composer never shows it empty.
    set({ drafts, replaced: seen });
  },
}));
