import { create } from 'zustand';
import type { SearchHit } from '../../shared/model/message.ts';
import { LIMITS } from '../../shared/model/limits.ts';
import { describeError } from '../ipc/errors.ts';
import { call } from '../ipc/parley.ts';

const PAGE = 20;

/** "Search in conversation": the one conversation searched, with its title for the search box. */
export interface SearchScope {
  conversationId: string;
  title: string;
}

interface MessageSearchState {
  scope: SearchScope | null;
  /** The words `hits` were found for; null before the first answer. */
  query: string | null;
  hits: SearchHit[];
  hasMore: boolean;
  error: string | null;
  loadingMore: boolean;
  /** The first page for `query`; asked again for the same words, as many as are shown. */
  search(query: string): Promise<void>;
  /** The next page of the words shown, once at a time. */
  more(): Promise<void>;
  /** Forgets the hits, and any search still under way, when search closes. */
  clear(): void;
  /** Searches one conversation from now on, or every one again. */
  setScope(scope: SearchScope | null): void;
}

/** Bumped by each search, so only the newest one asked for is shown. */
let generation = 0;

const nothingFound = { query: null, hits: [], hasMore: false, error: null, loadingMore: false };

/** Where the words are looked for, as the core's search takes it. */
const within = (scope: SearchScope | null) =>
  scope ? { conversationId: scope.conversationId } : {};

/** Full-text hits over every message, or one conversation's, newest first, a page at a time. */
export const useMessageSearch = create<MessageSearchState>()((set, get) => ({
  ...nothingFound,
  scope: null,
  async search(query) {
    const mine = ++generation;
    const shown = get();
    // The same words again means older messages became searchable: the list
    // must not shrink back to one page under the user's eyes.
    const limit =
      shown.query === query ? Math.min(LIMITS.pageSize, Math.max(PAGE, shown.hits.length)) : PAGE;
    try {
      const result = await call('messages:search', {
        query,
        ...within(shown.scope),
        offset: 0,
        limit,
      });
      if (mine !== generation) return;
      set({ query, hits: result.hits, hasMore: result.hasMore, error: null, loadingMore: false });
    } catch (failure) {
      if (mine !== generation) return;
      set({ query, hits: [], hasMore: false, error: describeError(failure), loadingMore: false });
    }
  },
  async more() {
    const { query, hits, hasMore, loadingMore, scope } = get();
    if (query === null || !hasMore || loadingMore) return;
    set({ loadingMore: true });
    // A search that lands meanwhile replaces the list this page would extend.
    const stillShown = () => get().hits === hits;
    try {
      const result = await call('messages:search', {
        query,
        ...within(scope),
        offset: hits.length,
        limit: PAGE,
      });
      if (!stillShown()) return;
      // A message that arrived since the last page shifts the offsets by one:
      // the hit it pushed down is already listed.
      const listed = new Set(hits.map((hit) => hit.messageId));
      set({
        hits: [...hits, ...result.hits.filter((hit) => !listed.has(hit.messageId))],
        hasMore: result.hasMore,
        error: null,
        loadingMore: false,
      });
    } catch (failure) {
      if (stillShown()) set({ error: describeError(failure), loadingMore: false });
    }
  },
  clear() {
    generation++;
    set(nothingFound);
  },
  setScope(scope) {
    generation++;
    set({ ...nothingFound, scope });
  },
}));
