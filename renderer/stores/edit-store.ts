import { create } from 'zustand';
import { call } from '../ipc/parley.ts';
import { keyedSaver } from '../lib/keyed-saver.ts';
import {
  currentId,
  followReplacedKeys,
  type Replacements,
  type ReplacedId,
} from '../lib/replaced-ids.ts';

/** An own message being edited in the composer, with the text as edited so far. */
export interface Editing {
  id: string;
  text: string;
}

interface EditState {
  /**
   * The edit open in each conversation. Kept by conversation, as drafts are,
   * so a switch to another conversation and back finds the edit as it was
   * left, and saved by the core as drafts are, so Quit does not take it.
   */
  byConversation: Record<string, Editing>;
  /** Conversations started here that the server has confirmed: local id to server id. */
  replaced: Replacements;
  /** The edit the core kept for a conversation, unless one was begun or ended here since. */
  load(conversationId: string): Promise<void>;
  set(conversationId: string, editing: Editing | null): void;
  /** Saves at once, for switching away. */
  flush(conversationId: string): void;
  /** Saves every edit still waiting for a pause in typing, as the window goes. */
  flushAll(): void;
  /**
   * The server confirmed writes made here: an edit goes on under the
   * server's id of its conversation, and of its message (Up right after
   * Enter edits the message still on its way).
   */
  followReplacedIds(replaced: readonly ReplacedId[]): void;
  /** Messages deleted, here or elsewhere: an edit of one of them has nothing left to save to. */
  dropRemoved(messageIds: readonly string[]): void;
}

const saver = keyedSaver<Editing | null>((conversationId, editing) => {
  const edit = editing && { messageId: editing.id, text: editing.text };
  call('edits:set', { conversationId, edit }).catch(() => undefined);
});

/** Conversations whose edit is known here: read from the core, or begun or ended since. */
const known = new Set<string>();

export const useEdits = create<EditState>()((set, get) => ({
  byConversation: {},
  replaced: {},
  async load(id) {
    const conversationId = currentId(get().replaced, id);
    if (known.has(conversationId)) return;
    try {
      const edit = await call('edits:get', { conversationId });
      if (known.has(conversationId)) return;
      known.add(conversationId);
      if (edit) {
        set({
          byConversation: {
            ...get().byConversation,
            [conversationId]: { id: edit.messageId, text: edit.text },
          },
        });
      }
    } catch {
      // Without the stored edit the composer starts on the draft, as it did before.
    }
  },
  set(id, editing) {
    const conversationId = currentId(get().replaced, id);
    known.add(conversationId);
    const { [conversationId]: _left, ...others } = get().byConversation;
    set({ byConversation: editing ? { ...others, [conversationId]: editing } : others });
    saver.schedule(conversationId, editing);
  },
  flush: saver.flush,
  flushAll: saver.flushAll,
  followReplacedIds(replaced) {
    const { record, moved, seen } = followReplacedKeys(
      get().byConversation,
      get().replaced,
      replaced,
    );
    for (const { from, to } of moved) {
      known.add(to);
      saver.move(from, to);
    }
    const to = new Map(replaced.map(({ from, to }) => [from, to]));
    let byConversation = record;
    for (const [conversationId, editing] of Object.entries(record)) {
      const messageId = to.get(editing.id);
      if (messageId === undefined) continue;
      byConversation = { ...byConversation, [conversationId]: { ...editing, id: messageId } };
    }
    if (byConversation !== get().byConversation || seen !== get().replaced) {
      set({ byConversation, replaced: seen });
    }
  },
  dropRemoved(messageIds) {
    const removed = new Set(messageIds);
    const entries = Object.entries(get().byConversation);
    const kept = entries.filter(([, editing]) => !removed.has(editing.id));
    if (kept.length === entries.length) return;
    set({ byConversation: Object.fromEntries(kept) });
    for (const [conversationId, editing] of entries) {
      if (removed.has(editing.id)) saver.schedule(conversationId, null);
    }
  },
}));

/** The edit open in a conversation; null when the composer writes a new message. */
export const editingIn = (conversationId: string | null) => (state: EditState) =>
  (conversationId === null ? undefined : state.byConversation[conversationId]) ?? null;
