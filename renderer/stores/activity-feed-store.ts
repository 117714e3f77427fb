import { create } from 'zustand';
import type { ActivityItem } from '../../shared/model/activity.ts';
import { call } from '../ipc/parley.ts';
import { emptyPaged, itemAt, pagedWindow, type PagedState } from '../lib/paged-window.ts';

export const ACTIVITY_PAGE_SIZE = 50;
/** Typing pauses this long before the events are asked for again. */
const SEARCH_AFTER_MS = 150;

interface ActivityState extends PagedState<ActivityItem> {
  /** The event type shown, or null for every type. */
  type: string | null;
  /** One order's events only (a link or a notification asked for it), or null. */
  orderId: string | null;
  /** The words searched for, as typed; '' for none. */
  search: string;
  unseen: number;
  setType(type: string | null): void;
  setSearch(search: string): void;
  showOrder(orderId: string | null): void;
  setVisible(start: number, end: number): void;
  refresh(): Promise<void>;
  markSeen(ids: string[]): void;
}

const seenQueue = new Set<string>();
let seenTimer: ReturnType<typeof setTimeout> | undefined;
let searchTimer: ReturnType<typeof setTimeout> | undefined;
/**
 * The words the list was last restarted with. Pages fetched while typing
 * pauses (a scroll, a refresh) keep to the list on screen, not to letters
 * typed since, so no page of one search lands among another's.
 */
let searched = '';

export const useActivity = create<ActivityState>()((set, get) => {
  const pager = pagedWindow<ActivityItem>({
    pageSize: ACTIVITY_PAGE_SIZE,
    get,
    set,
    async fetch(offset, limit) {
      const { type, orderId } = get();
      const result = await call('activity:list', {
        ...(type ? { types: [type] } : {}),
        ...(orderId ? { orderId } : {}),
        ...(searched ? { search: searched } : {}),
        offset,
        limit,
      });
      set({ unseen: result.unseen });
      return result;
    },
  });

  return {
    ...emptyPaged<ActivityItem>(),
    type: null,
    orderId: null,
    search: '',
    unseen: 0,
    setType(type) {
      set({ type, orderId: null });
      pager.restart();
    },
    setSearch(search) {
      set({ search });
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => {
        searched = search.trim();
        pager.restart(true);
      }, SEARCH_AFTER_MS);
    },
    /** An order's events, as a link or a notification asks: whatever was searched is let go. */
    showOrder(orderId) {
      clearTimeout(searchTimer);
      searched = '';
      set({ orderId, type: null, search: '' });
      pager.restart();
    },
    setVisible: pager.show,
    refresh: pager.refresh,
    /** Batched: a screenful of new cards is one request. */
    markSeen(ids) {
      for (const id of ids) seenQueue.add(id);
      clearTimeout(seenTimer);
      seenTimer = setTimeout(() => {
        const batch = [...seenQueue].slice(0, 200);
        for (const id of batch) seenQueue.delete(id);
        if (batch.length === 0) return;
        call('activity:markSeen', { ids: batch }).then(
          () => void get().refresh(),
          () => undefined,
        );
      }, 800);
    },
  };
});

export function activityAt(pages: ActivityState['pages'], index: number) {
  return itemAt(pages, ACTIVITY_PAGE_SIZE, index);
}
