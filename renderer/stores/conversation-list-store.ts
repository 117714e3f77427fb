import { create } from 'zustand';
import type {
  ConversationCounts,
  ConversationFilter,
  ConversationSummary,
} from '../../shared/model/conversation.ts';
import { call } from '../ipc/parley.ts';
import {
  emptyPaged,
  indexWhere,
  itemAt,
  pagedWindow,
  type PagedState,
} from '../lib/paged-window.ts';

export const LIST_PAGE_SIZE = 50;

interface ListState extends PagedState<ConversationSummary> {
  filter: ConversationFilter;
  groupId: string | null;
  query: string;
  counts: ConversationCounts | null;
  /**
   * The conversation opened from the unread list, kept in it once read so it
   * does not vanish from under the reader (as in WhatsApp), until another is
   * opened or the filter changes.
   */
  keptId: string | null;
  /** A row to bring into view (and make the active one), asked for by keyboard navigation. */
  reveal: { index: number; nonce: number } | null;
  revealRow(index: number): void;
  setFilter(filter: ConversationFilter, groupId?: string | null): void;
  /** The open conversation changed: the unread list keeps it (see keptId). */
  opened(conversationId: string | null): void;
  setQuery(query: string): void;
  setVisible(start: number, end: number): void;
  refresh(): Promise<void>;
  refreshCounts(): Promise<void>;
}

let countReads = 0;

export const useConversationList = create<ListState>()((set, get) => {
  const pager = pagedWindow<ConversationSummary>({
    pageSize: LIST_PAGE_SIZE,
    get,
    set,
    fetch(offset, limit) {
      return call('conversations:list', { ...listScope(get()), offset, limit });
    },
  });

  return {
    ...emptyPaged<ConversationSummary>(),
    filter: 'all',
    groupId: null,
    query: '',
    counts: null,
    keptId: null,
    reveal: null,
    revealRow(index) {
      set({ reveal: { index, nonce: (get().reveal?.nonce ?? 0) + 1 } });
    },
    setFilter(filter, groupId = null) {
      set({ filter, groupId, keptId: null });
      pager.restart();
    },
    opened(conversationId) {
      if (get().filter !== 'unread' || get().keptId === conversationId) return;
      set({ keptId: conversationId });
      void pager.refresh();
    },
    setQuery(query) {
      set({ query });
      pager.restart();
    },
    setVisible: pager.show,
    refresh: pager.refresh,
    async refreshCounts() {
      // Counts read before a change can land after those read since: only the latest are shown.
      const asked = ++countReads;
      try {
        const counts = await call('conversations:counts', {});
        if (asked === countReads) set({ counts });
      } catch {
        // The filters still work without their counts; the list shows its own error.
      }
    },
  };
});

/** What the list shows, as the core's list queries take it: filter, group, search, kept row. */
export function listScope({ filter, groupId, query, keptId }: ListState) {
  return {
    filter,
    ...(groupId ? { groupId } : {}),
    ...(query.trim() ? { query: query.trim() } : {}),
    ...(keptId ? { keptId } : {}),
  };
}

export function conversationAt(pages: ListState['pages'], index: number) {
  return itemAt(pages, LIST_PAGE_SIZE, index);
}

/** Where a conversation sits in the list, if its row is loaded; -1 otherwise. */
export function conversationIndex(pages: ListState['pages'], id: string) {
  return indexWhere(pages, LIST_PAGE_SIZE, (conversation) => conversation.id === id);
}
