import { create } from 'zustand';
import type { ChangesEvent } from '../../shared/ipc/events.ts';
import type { ConversationSummary } from '../../shared/model/conversation.ts';
import type { MessageView } from '../../shared/model/message.ts';
import { describeError } from '../ipc/errors.ts';
import { call, IpcFailure } from '../ipc/parley.ts';
import { boundWindow, mergeWindow, replaceIds, type MessageWindow } from '../lib/message-window.ts';
import { isLocalId } from '../../shared/model/local-id.ts';
import { useNotices } from './notice-store.ts';
import { leavePlace, takePlace } from './thread-places.ts';

const PAGE = 50;
/** The most messages held at once: a few pages around the viewport, whatever the thread's length. */
export const WINDOW_MAX = 4 * PAGE;
const REFRESH_SPAN = 100;

export type ScrollTarget =
  | { kind: 'bottom'; nonce: number }
  | { kind: 'message'; id: string; highlight: boolean; nonce: number };

interface ThreadState extends MessageWindow {
  conversationId: string | null;
  /**
   * The id the thread was opened under, kept when the server confirms a
   * conversation started here and the thread goes on under the server's id.
   */
  openedAs: string | null;
  conversation: ConversationSummary | null;
  /** Kept while the thread stays open, so the divider does not move as messages are read. */
  firstUnreadId: string | null;
  pinnedMessage: MessageView | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  loadingOlder: boolean;
  loadingNewer: boolean;
  scrollTarget: ScrollTarget | null;
  highlightId: string | null;
  /** Messages from others newer than the newest one seen at the end of the thread, at most a page. */
  unseenNew: number;
  /** Opens at the newest messages (or the first unread), or around `focusId` when given. */
  open(conversationId: string, focusId?: string): Promise<void>;
  close(): void;
  /** Keeps the open thread's place as the window goes, the thread left open. */
  keepPlace(): void;
  loadOlder(): Promise<void>;
  loadNewer(): Promise<void>;
  jumpTo(messageId: string): Promise<void>;
  jumpToLatest(): Promise<void>;
  applyChanges(event: ChangesEvent): Promise<void>;
  refreshConversation(): Promise<void>;
  markSeen(message: MessageView): void;
  /**
   * The open conversation was marked unread: a read mark still on its way is
   * dropped, and only a message newer than those loaded reads it again.
   */
  keepUnread(conversationId: string): void;
  /** The list shows the end of the thread: everything loaded has been seen. */
  seenToEnd(): void;
  /**
   * How to read what the message list shows, given by the list while it is
   * on screen: read when the thread is left or refreshed, never rendered.
   */
  watchViewport(read: ViewportReader | null): void;
}

/** The message at the middle of the thread's screen, and whether the screen is at its bottom. */
export type ViewportReader = () => { centerId: string | null; atBottom: boolean };

/**
 * A page whose start is the oldest message stored, while the server may hold
 * older ones (history still arriving), has more before it all the same: the
 * loading row shows, and scrolling there fetches them (see loadOlder).
 */
function olderFromServer<T extends { hasBefore: boolean; olderOnServer: boolean }>(page: T): T {
  return page.olderOnServer && !page.hasBefore ? { ...page, hasBefore: true } : page;
}

const isNotFound = (error: unknown) =>
  error instanceof IpcFailure && error.error.code === 'not-found';

/** What the thread holds before a conversation's first page arrives. */
function emptyThread() {
  return {
    conversation: null,
    items: [],
    hasBefore: false,
    hasAfter: false,
    firstUnreadId: null,
    pinnedMessage: null,
    error: null,
    scrollTarget: null,
    highlightId: null,
    unseenNew: 0,
  } satisfies Partial<ThreadState>;
}

export const useThread = create<ThreadState>()((set, get) => {
  // Bookkeeping no component renders, so it lives beside the state rather than in it.
  let openToken = 0;
  let nonce = 0;
  let markTimer: ReturnType<typeof setTimeout> | undefined;
  let markedUpTo = 0;
  /** The newest message on screen when the user was last at the end; what came after it is news. */
  let newestSeenId: string | null = null;
  /**
   * Refreshes asked for, counted: an answer that lands after a later one's is
   * older than what is shown, and its page, taken as the truth for its span,
   * would take back what the later one brought.
   */
  let refreshes = 0;
  let viewportReader: ViewportReader | null = null;
  const isCurrent = (token: number) => token === openToken;

  /** Where the list stands now, as the message list reads it from the screen. */
  function readViewport() {
    const seen = viewportReader?.();
    if (!seen) return { centerId: null, atEnd: true };
    return { centerId: seen.centerId, atEnd: !get().hasAfter && seen.atBottom };
  }

  /** Keeps where the open thread was read up to (thread-places.ts). */
  function keepPlace() {
    const { conversationId, status } = get();
    if (conversationId !== null && status === 'ready') {
      const { centerId, atEnd } = readViewport();
      leavePlace(conversationId, centerId, atEnd);
    }
  }

  async function loadPinned(conversation: ConversationSummary | null, token: number) {
    const pinnedId = conversation?.pinnedMessageId ?? null;
    if (!pinnedId) return set({ pinnedMessage: null });
    const loaded = get().items.find((m) => m.id === pinnedId);
    if (loaded) return set({ pinnedMessage: loaded });
    try {
      const page = await call('messages:page', {
        conversationId: conversation!.id,
        around: pinnedId,
        limit: 1,
      });
      if (isCurrent(token)) {
        set({ pinnedMessage: page.items.find((m) => m.id === pinnedId) ?? null });
      }
    } catch {
      if (isCurrent(token)) set({ pinnedMessage: null });
    }
  }

  /**
   * Asked of the core rather than read off the loaded window: scrolled far up,
   * the newest messages are not held at all.
   */
  async function countUnseen(conversationId: string, token: number) {
    const after = newestSeenId;
    if (!after) return;
    const page = await call('messages:page', { conversationId, after, limit: PAGE });
    if (isCurrent(token) && newestSeenId === after) {
      set({ unseenNew: page.items.filter((m) => !m.own).length });
    }
  }

  const fetchWindow = async (conversationId: string, around: string | undefined) =>
    olderFromServer(
      await call('messages:page', { conversationId, limit: PAGE, ...(around ? { around } : {}) }),
    );

  async function loadWindow(
    conversationId: string,
    token: number,
    around: string | undefined,
    target: ScrollTarget,
  ) {
    const page = await fetchWindow(conversationId, around);
    if (!isCurrent(token)) return null;
    set({
      items: page.items,
      hasBefore: page.hasBefore,
      hasAfter: page.hasAfter,
      scrollTarget: target,
    });
    return page;
  }

  return {
    ...emptyThread(),
    conversationId: null,
    openedAs: null,
    status: 'idle',
    loadingOlder: false,
    loadingNewer: false,

    async open(conversationId, focusId) {
      if (get().conversationId === conversationId && get().status !== 'error') {
        if (focusId) await get().jumpTo(focusId);
        return;
      }
      const token = ++openToken;
      keepPlace();
      markedUpTo = 0;
      newestSeenId = null;
      set({ ...emptyThread(), conversationId, openedAs: conversationId, status: 'loading' });
      const place = focusId ? undefined : takePlace(conversationId);
      const around = focusId ?? place;
      let focusGone = false;
      try {
        const [conversation, page] = await Promise.all([
          call('conversations:get', { id: conversationId }),
          fetchWindow(conversationId, around).catch((error: unknown) => {
            // The message it was left at, or a link's, is not here: the thread opens at its end.
            if (around === undefined || !isNotFound(error)) throw error;
            focusGone = focusId !== undefined;
            return fetchWindow(conversationId, undefined);
          }),
        ]);
        if (!isCurrent(token)) return;
        if (!conversation) {
          set({ status: 'error', error: 'This conversation no longer exists.' });
          return;
        }
        const focus = focusGone ? undefined : focusId;
        if (focusGone) {
          const why = 'it was deleted, or is older than the history on this computer';
          useNotices.getState().push('info', `That message is not here: ${why}.`);
        }
        // The server may confirm a conversation just started around this open: before it (the
        // core then answers under the server's id) or during it (the event already moved us on).
        const followed = get().conversationId !== conversationId;
        // One update, so the list mounts once with its rows and its scroll target together.
        set({
          ...(followed
            ? { conversation: get().conversation ?? conversation }
            : { conversationId: conversation.id, conversation }),
          items: page.items,
          hasBefore: page.hasBefore,
          hasAfter: page.hasAfter,
          firstUnreadId: page.firstUnreadId,
          status: 'ready',
          highlightId: focus ?? null,
          scrollTarget: focus
            ? { kind: 'message', id: focus, highlight: true, nonce: ++nonce }
            : page.firstUnreadId
              ? { kind: 'message', id: page.firstUnreadId, highlight: false, nonce: ++nonce }
              : place !== undefined && page.items.some((m) => m.id === place)
                ? { kind: 'message', id: place, highlight: false, nonce: ++nonce }
                : { kind: 'bottom', nonce: ++nonce },
        });
        // Many unread: start at the first of them, as Signal does, not at the bottom.
        const unreadId = page.firstUnreadId;
        await Promise.all([
          !focus && unreadId && !page.items.some((m) => m.id === unreadId)
            ? loadWindow(conversationId, token, unreadId, {
                kind: 'message',
                id: unreadId,
                highlight: false,
                nonce: ++nonce,
              })
            : null,
          loadPinned(conversation, token),
        ]);
      } catch (error) {
        if (isCurrent(token)) set({ status: 'error', error: describeError(error) });
      }
    },

    keepPlace,

    close() {
      openToken += 1;
      keepPlace();
      set({
        conversationId: null,
        openedAs: null,
        conversation: null,
        items: [],
        status: 'idle',
        error: null,
      });
    },

    async loadOlder() {
      const { conversationId, items, hasBefore, loadingOlder } = get();
      const oldest = items[0];
      if (!conversationId || !oldest || !hasBefore || loadingOlder) return;
      const token = openToken;
      let moved = false;
      set({ loadingOlder: true });
      try {
        const before = { conversationId, before: oldest.id, limit: PAGE };
        let page = await call('messages:page', before);
        // Scrolled past what is stored while history is still arriving: the server has the rest.
        if (page.items.length === 0 && page.olderOnServer) {
          await call('messages:fetchOlder', { conversationId });
          page = await call('messages:page', before);
        }
        page = olderFromServer(page);
        if (!isCurrent(token)) return;
        // The oldest message was deleted, or the window jumped, while the page was on its way: it
        // no longer ends where the window starts, so the page is asked for again from there.
        moved = get().items[0]?.id !== oldest.id;
        if (!moved) {
          const items = [...page.items.filter((m) => m.id !== oldest.id), ...get().items];
          set(
            boundWindow(
              { items, hasBefore: page.hasBefore, hasAfter: get().hasAfter },
              WINDOW_MAX,
              0,
            ),
          );
        }
      } catch (error) {
        if (isCurrent(token)) set({ error: describeError(error) });
      } finally {
        if (isCurrent(token)) set({ loadingOlder: false });
      }
      if (moved) await get().loadOlder();
    },

    async loadNewer() {
      const { conversationId, items, hasAfter, loadingNewer } = get();
      const newest = items[items.length - 1];
      if (!conversationId || !newest || !hasAfter || loadingNewer) return;
      const token = openToken;
      let moved = false;
      set({ loadingNewer: true });
      try {
        const page = await call('messages:page', { conversationId, after: newest.id, limit: PAGE });
        if (!isCurrent(token)) return;
        // As in loadOlder: the window no longer ends where this page starts.
        moved = get().items.at(-1)?.id !== newest.id;
        if (!moved) {
          const items = [...get().items, ...page.items.filter((m) => m.id !== newest.id)];
          set(
            boundWindow(
              { items, hasBefore: get().hasBefore, hasAfter: page.hasAfter },
              WINDOW_MAX,
              items.length - 1,
            ),
          );
        }
      } catch (error) {
        if (isCurrent(token)) set({ error: describeError(error) });
      } finally {
        if (isCurrent(token)) set({ loadingNewer: false });
      }
      if (moved) await get().loadNewer();
    },

    async jumpTo(messageId) {
      const { conversationId } = get();
      if (!conversationId) return;
      if (get().items.some((m) => m.id === messageId)) {
        set({
          highlightId: messageId,
          scrollTarget: { kind: 'message', id: messageId, highlight: true, nonce: ++nonce },
        });
        return;
      }
      try {
        await loadWindow(conversationId, openToken, messageId, {
          kind: 'message',
          id: messageId,
          highlight: true,
          nonce: ++nonce,
        });
        set({ highlightId: messageId });
      } catch (error) {
        set({ error: describeError(error) });
      }
    },

    async jumpToLatest() {
      const { conversationId, hasAfter } = get();
      if (!conversationId) return;
      if (!hasAfter) {
        set({ scrollTarget: { kind: 'bottom', nonce: ++nonce } });
        return;
      }
      try {
        await loadWindow(conversationId, openToken, undefined, { kind: 'bottom', nonce: ++nonce });
      } catch (error) {
        set({ error: describeError(error) });
      }
    },

    async applyChanges(event) {
      let { conversationId } = get();
      if (!conversationId) return;
      if (event.removedConversations.includes(conversationId)) {
        get().close();
        return;
      }
      // The server accepted the conversation just started: it goes on under the server's id.
      const confirmed = event.replacedIds.find(({ from }) => from === conversationId);
      if (confirmed) {
        conversationId = confirmed.to;
        set({ conversationId });
        await get().refreshConversation();
      }
      const removed = new Set(event.removedMessages);
      if (removed.size > 0 || event.replacedIds.length > 0) {
        set({
          items: replaceIds(
            get().items.filter((m) => !removed.has(m.id)),
            event.replacedIds,
          ),
        });
      }
      if (event.conversations.includes(conversationId)) await get().refreshConversation();
      if (!event.threads.includes(conversationId)) return;
      const token = openToken;
      const refresh = ++refreshes;
      const items = get().items;
      const seen = readViewport();
      const center = items.find((m) => m.id === seen.centerId) ?? items[items.length - 1];
      try {
        const page = olderFromServer(
          await call('messages:page', {
            conversationId,
            limit: REFRESH_SPAN,
            ...(center && !isLocalId(center.id) && !seen.atEnd ? { around: center.id } : {}),
          }),
        );
        if (!isCurrent(token) || refresh !== refreshes) return;
        // Where the list stands once the page is here: the user may have scrolled meanwhile.
        const now = readViewport();
        const merged = mergeWindow(get(), page);
        const centerIndex = now.atEnd ? -1 : merged.items.findIndex((m) => m.id === now.centerId);
        set(
          boundWindow(merged, WINDOW_MAX, centerIndex < 0 ? merged.items.length - 1 : centerIndex),
        );
        const pinned = get().conversation?.pinnedMessageId;
        const fresh = pinned ? get().items.find((m) => m.id === pinned) : undefined;
        if (fresh) set({ pinnedMessage: fresh });
        if (!now.atEnd) await countUnseen(conversationId, token);
      } catch (error) {
        if (isNotFound(error)) return;
        if (isCurrent(token)) set({ error: describeError(error) });
      }
    },

    async refreshConversation() {
      const { conversationId } = get();
      if (!conversationId) return;
      const token = openToken;
      try {
        const conversation = await call('conversations:get', { id: conversationId });
        if (!isCurrent(token)) return;
        if (!conversation) {
          get().close();
          return;
        }
        const pinnedChanged = conversation.pinnedMessageId !== get().conversation?.pinnedMessageId;
        set({ conversation });
        if (pinnedChanged) await loadPinned(conversation, token);
      } catch {
        // The header keeps what it showed; the next change event tries again.
      }
    },

    watchViewport(read) {
      viewportReader = read;
    },

    seenToEnd() {
      const { items, hasAfter, unseenNew } = get();
      if (hasAfter) return;
      newestSeenId = items.findLast((m) => !isLocalId(m.id))?.id ?? newestSeenId;
      if (unseenNew > 0) set({ unseenNew: 0 });
    },

    /** Debounced, so scrolling through a backlog sends one read mark, not hundreds. */
    markSeen(message) {
      const { conversationId } = get();
      if (!conversationId || isLocalId(message.id)) return;
      // The local read marker decides what is unread, not the server's read_at.
      if (message.createdAt <= markedUpTo) return;
      markedUpTo = message.createdAt;
      clearTimeout(markTimer);
      markTimer = setTimeout(() => {
        call('conversations:markRead', { conversationId, upToMessageId: message.id }).catch(
          () => undefined,
        );
      }, 400);
    },

    keepUnread(conversationId) {
      if (get().conversationId !== conversationId) return;
      clearTimeout(markTimer);
      const newest = get().items.findLast((m) => !isLocalId(m.id));
      markedUpTo = Math.max(markedUpTo, newest?.createdAt ?? 0);
    },
  };
});
