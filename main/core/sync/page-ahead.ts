import type { Page } from '../api/messaging-api.ts';

/**
 * A list paged one request ahead: as soon as a page arrives, the next one is
 * asked for, so the server works on it while this one is stored. A page asked
 * for before `invalidate()` comes back marked stale.
 */
export function createPageAhead<T>() {
  interface Sent {
    cursor: string | null;
    page: Promise<Page<T>>;
    generation: number;
  }
  let ahead: Sent | null = null;
  let generation = 0;

  return {
    async next(
      cursor: string | null,
      request: (cursor: string | null) => Promise<Page<T>>,
    ): Promise<{ page: Page<T>; stale: boolean }> {
      const sent = ahead?.cursor === cursor ? ahead : { cursor, page: request(cursor), generation };
      ahead = null;
      const page = await sent.page;
      if (page.hasMore && page.nextCursor !== null && !page.cursorIgnored) {
        const next = request(page.nextCursor);
        // Collected by the next call; a failure there is that call's to report.
        next.catch(() => undefined);
        ahead = { cursor: page.nextCursor, page: next, generation };
        // Two turns of the event loop let the request leave (the HTTP client writes it from a
        // turn it schedules itself) before this page is stored.
        await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
      }
      return { page, stale: sent.generation !== generation };
    },
    invalidate(): void {
      generation += 1;
      ahead = null;
    },
  };
}

export type PageAhead<T> = ReturnType<typeof createPageAhead<T>>;
