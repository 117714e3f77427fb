import { create } from 'zustand';
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
   * left, not the words typed into it gone.
   */
  byConversation: Record<string, Editing>;
  /** Conversations started here that the server has confirmed: local id to server id. */
  replaced: Replacements;
  set(conversationId: string, editing: Editing | null): void;
  /**
   * The server confirmed writes made here: an edit goes on under the
   * server's id of its conversation, and of its message (Up right after
   * Enter edits the message still on its way).
   */
  followReplacedIds(replaced: readonly ReplacedId[]): void;
  /** Messages deleted, here or elsewhere: an edit of one of them has nothing left to save to. */
  dropRemoved(messageIds: readonly string[]): void;
}

export const useEdits = create<EditState>()((set, get) => ({
  byConversation: {},
  replaced: {},
  set(id, editing) {
    const conversationId = currentId(get().replaced, id);
    const { [conversationId]: _left, ...others } = get().byConversation;
    set({ byConversation: editing ? { ...others, [conversationId]: editing } : others });
  },
  followReplacedIds(replaced) {
    const { record, seen } = followReplacedKeys(get().byConversation, get().replaced, replaced);
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
    if (kept.length < entries.length) set({ byConversation: Object.fromEntries(kept) });
  },
}));

/** The edit open in a conversation; null when the composer writes a new message. */
export const editingIn = (conversationId: string | null) => (state: EditState) =>
  (conversationId === null ? undefined : state.byConversation[conversationId]) ?? null;
