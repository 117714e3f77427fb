import { create } from 'zustand';
import type { AttachmentInput } from '../../shared/model/message.ts';
import {
  currentId,
  followReplacedKeys,
  type Replacements,
  type ReplacedId,
} from '../lib/replaced-ids.ts';

const NONE: AttachmentInput[] = [];

interface PendingAttachmentsState {
  /**
   * What goes with the next message, by conversation, as picked. Kept by id
   * outside the composer, as drafts are, so they follow a conversation started
   * here to the server's id and outlast a switch to another conversation.
   */
  byConversation: Record<string, AttachmentInput[]>;
  /** Conversations started here that the server has confirmed: local id to server id. */
  replaced: Replacements;
  set(conversationId: string, attachments: AttachmentInput[]): void;
  /** The server confirmed conversations started here: what was picked under a local id goes on under the server's. */
  followReplacedIds(replaced: readonly ReplacedId[]): void;
}

export const usePendingAttachments = create<PendingAttachmentsState>()((set, get) => ({
  byConversation: {},
  replaced: {},
  set(id, attachments) {
    const conversationId = currentId(get().replaced, id);
    set({ byConversation: { ...get().byConversation, [conversationId]: attachments } });
  },
  followReplacedIds(replaced) {
    const { record, seen } = followReplacedKeys(get().byConversation, get().replaced, replaced);
    if (seen !== get().replaced) set({ byConversation: record, replaced: seen });
  },
}));

/** The attachments waiting for the next message in a conversation; the same empty list when none. */
export const pendingIn = (conversationId: string) => (state: PendingAttachmentsState) =>
  state.byConversation[conversationId] ?? NONE;
