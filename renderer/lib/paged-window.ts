import { describeError } from '../ipc/errors.ts';

export interface PagedState<T> {
  total: number;
  /** Loaded windows of the list, by page number; only those near the viewport. */
  pages: Record<number, T[]>;
  /** The rows the virtualized list shows right now. */
  visible: { start: number; end: number };
  error: string | null;
}

export function emptyPaged<T>(): PagedState<T> {
  return { total: 0, pages: {}, visible: { start: 0, end: 0 }, error: null };
}

export function itemAt<T>(pages: Record<number, T[]>, pageSize: number, index: number) {
  return pages[Math.floor(index / pageSize)]?.[index % pageSize];
}

/** Where the first loaded item that `matches` sits in the whole list; -1 when none loaded does. */
export function indexWhere<T>(
  pages: Record<number, T[]>,
  pageSize: number,
  matches: (item: T) => boolean,
): number {
  for (const [page, items] of Object.entries(pages)) {
    const at = items.findIndex(matches);
    if (at >= 0) return Number(page) * pageSize + at;
  }
  return -1;
}

/**
 * Offset/limit windows behind a virtualized list: fetches the pages the
 * viewport needs, refetches only those on a change, and drops answers that
 * arrive after the list was restarted with other criteria.
 */
export function pagedWindow<T>(options: {
  pageSize: number;
  fetch(offset: number, limit: number): Promise<{ items: T[]; total: number }>;
  get(): PagedState<T>;
  set(patch: Partial<PagedState<T>>): void;
}) {
  const { pageSize } = options;
  let generation = 0;
  /** Restarted with what was shown left on screen: the first answer replaces all of it. */
  let replacing = false;
  /** Pages being fetched, each with whether a change since asks for it again. */
  const inFlight = new Map<string, { again: boolean }>();

  /**
   * `fresh` asks for data newer than any answer already on its way: an
   * answer started before a change may not show it, so the page is fetched
   * once more after it.
   */
  async function fetchPage(page: number, gen: number, fresh = false): Promise<void> {
    const key = `${gen}:${page}`;
    const running = inFlight.get(key);
    if (running) {
      running.again ||= fresh;
      return;
    }
    const flight = { again: false };
    inFlight.set(key, flight);
    try {
      const result = await options.fetch(page * pageSize, pageSize);
      if (gen !== generation) return;
      const kept = replacing ? {} : options.get().pages;
      replacing = false;
      options.set({
        pages: { ...kept, [page]: result.items },
        total: result.total,
        error: null,
      });
    } catch (error) {
      if (gen === generation) options.set({ error: describeError(error) });
    } finally {
      inFlight.delete(key);
    }
    if (flight.again && gen === generation) await fetchPage(page, gen, true);
  }

  function visiblePages(): number[] {
    const { start, end } = options.get().visible;
    const first = Math.floor(start / pageSize);
    const last = Math.max(first, Math.floor(end / pageSize));
    return Array.from({ length: last - first + 1 }, (_, i) => first + i);
  }

  return {
    /**
     * From the top with other criteria. `keepShown` leaves the rows on screen
     * until the answer replaces them, so a list searched as the user types
     * does not blink empty at every letter.
     */
    restart(keepShown = false) {
      generation += 1;
      replacing = keepShown;
      if (!keepShown) options.set(emptyPaged<T>());
      void fetchPage(0, generation);
    },
    show(start: number, end: number) {
      options.set({ visible: { start, end } });
      const loaded = options.get().pages;
      for (const page of visiblePages()) {
        if (!loaded[page]) void fetchPage(page, generation);
      }
    },
    async refresh() {
      const gen = generation;
      const wanted = visiblePages();
      const keep = Object.fromEntries(
        Object.entries(options.get().pages).filter(([page]) => wanted.includes(Number(page))),
      );
      options.set({ pages: keep });
      await Promise.all(wanted.map((page) => fetchPage(page, gen, true)));
    },
  };
}
