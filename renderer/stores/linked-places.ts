import { useEffect } from 'react';
import { create } from 'zustand';
import type { ChangesEvent } from '../../shared/ipc/events.ts';
import type { MessageQuote } from '../../shared/model/message.ts';
import { call } from '../ipc/parley.ts';

/** A conversation, or one of its messages, that a `parley://` link in a message points at. */
export interface LinkedPlace {
  conversationId: string;
  messageId?: string;
}

/**
 * What a link shows in place of its address: null when the conversation is
 * not on this computer (or could not be read), undefined until it is known.
 */
export type LinkedPlaceView = MessageQuote | null;

const placeKey = ({ conversationId, messageId }: LinkedPlace) =>
  messageId === undefined ? conversationId : `${conversationId}/${messageId}`;

interface LinkedPlacesState {
  views: Record<string, LinkedPlaceView>;
  /** Reads the place once; a place already read, or being read, is not asked for again. */
  want(place: LinkedPlace): void;
  /** Reads again the places a change touched; what they showed stays until the new answer. */
  applyChanges(event: ChangesEvent): void;
  /** Another account's links point elsewhere. */
  clear(): void;
}

/**
 * Places asked for, by key, each with its latest read: a read a change made
 * after it can answer first, and only the latest read's answer is shown.
 */
const asked = new Map<string, { place: LinkedPlace; read: number }>();
let reads = 0;

export const useLinkedPlaces = create<LinkedPlacesState>((set, get) => {
  async function read(place: LinkedPlace) {
    const key = placeKey(place);
    const thisRead = ++reads;
    asked.set(key, { place, read: thisRead });
    let view: LinkedPlaceView;
    try {
      view =
        place.messageId === undefined
          ? await call('conversations:get', { id: place.conversationId }).then((conversation) =>
              conversation === null
                ? null
                : { conversationTitle: conversation.title, message: null },
            )
          : await call('messages:quote', {
              conversationId: place.conversationId,
              messageId: place.messageId,
            });
    } catch {
      view = null;
    }
    // Read again since, or cleared meanwhile (the answer is the signed-out account's).
    if (asked.get(key)?.read !== thisRead) return;
    set({ views: { ...get().views, [key]: view } });
  }

  return {
    views: {},
    want(place) {
      if (!asked.has(placeKey(place))) void read(place);
    },
    applyChanges(event) {
      const conversations = new Set([
        ...event.conversations,
        ...event.threads,
        ...event.removedConversations,
      ]);
      const messages = new Set(event.removedMessages);
      for (const { place } of [...asked.values()]) {
        if (
          conversations.has(place.conversationId) ||
          (place.messageId !== undefined && messages.has(place.messageId))
        ) {
          void read(place);
        }
      }
    },
    clear() {
      asked.clear();
      set({ views: {} });
    },
  };
});

/** The view of a place, asked for the first time it is shown. */
export function useLinkedPlace(place: LinkedPlace): LinkedPlaceView | undefined {
  const key = placeKey(place);
  const view = useLinkedPlaces((state) => state.views[key]);
  const { conversationId, messageId } = place;
  useEffect(() => {
    useLinkedPlaces.getState().want({ conversationId, ...(messageId && { messageId }) });
  }, [conversationId, messageId]);
  return view;
}
