import { ApiError } from './api-error.ts';
import type {
  ApiConversation,
  ApiMessage,
  ListConversationsQuery,
  ListMessagesQuery,
  MessagingApi,
  Page,
} from './messaging-api.ts';

/**
 * Every record of a list, newest first, by whatever means the server offers:
 *
 * 1. pages joined by `starting_after=<last id>`;
 * 2. a server that ignores the cursor (it answers a page it already gave) is
 *    asked once more for one large page (`limit` 100, then smaller if refused)
 *    and that page is the answer;
 * 3. a server that neither pages nor accepts a larger limit leaves the newest
 *    records it did give: `complete` is false and the caller shows them as
 *    "the most recent N" rather than as everything.
 *
 * Each request must bring records not seen before, and `maxItems` caps the
 * total, so no server answer can make this loop forever.
 */
export interface ListAllResult<T> {
  data: T[];
  /** False when the server holds more than could be fetched (or than maxItems allowed). */
  complete: boolean;
  skipped: number;
  via: 'pages' | 'large-limit' | 'first-page-only';
}

export interface ListAllOptions {
  maxItems?: number;
}

type Kinds = {
  messages: { query: Omit<ListMessagesQuery, 'startingAfter'>; record: ApiMessage };
  conversations: { query: Omit<ListConversationsQuery, 'startingAfter'>; record: ApiConversation };
};

const DEFAULT_MAX_ITEMS = 10_000;
/** Large limits tried, largest first, once the cursor is known to be ignored. */
const FALLBACK_LIMITS = [100, 50, 25];

export async function listAll<K extends keyof Kinds>(
  api: MessagingApi,
  kind: K,
  query: Kinds[K]['query'],
  options: ListAllOptions = {},
): Promise<ListAllResult<Kinds[K]['record']>> {
  const maxItems = options.maxItems ?? DEFAULT_MAX_ITEMS;
  const fetchPage = (extra: { startingAfter?: string; limit?: number }) =>
    (kind === 'messages'
      ? api.listMessages({ ...query, ...extra })
      : api.listConversations({ ...query, ...extra })) as Promise<Page<Kinds[K]['record']>>;

  const collected = new Map<string, Kinds[K]['record']>();
  let skipped = 0;
  let page = await fetchPage({});
  for (;;) {
    skipped += page.skipped;
    const fresh = page.data.filter((record) => !collected.has(record.id));
    for (const record of fresh) collected.set(record.id, record);
    // A server honouring the cursor never repeats a record of an earlier page.
    if (page.cursorIgnored === true || fresh.length < page.data.length) {
      return fallBack(fetchPage, collected, skipped, maxItems);
    }
    if (collected.size >= maxItems || !page.hasMore || page.nextCursor === null) break;
    page = await fetchPage({ startingAfter: page.nextCursor });
  }
  return finish(collected, skipped, maxItems, !page.hasMore, 'pages');
}

async function fallBack<T extends { id: string; createdAt: number }>(
  fetchPage: (extra: { limit: number }) => Promise<Page<T>>,
  collected: Map<string, T>,
  skipped: number,
  maxItems: number,
): Promise<ListAllResult<T>> {
  for (const limit of FALLBACK_LIMITS) {
    let page: Page<T>;
    try {
      page = await fetchPage({ limit });
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'invalid-input') continue;
      throw error;
    }
    const all = new Map(collected);
    for (const record of page.data) all.set(record.id, record);
    return finish(all, skipped + page.skipped, maxItems, !page.hasMore, 'large-limit');
  }
  return finish(collected, skipped, maxItems, false, 'first-page-only');
}

function finish<T extends { createdAt: number }>(
  collected: Map<string, T>,
  skipped: number,
  maxItems: number,
  serverExhausted: boolean,
  via: ListAllResult<T>['via'],
): ListAllResult<T> {
  // Pages of an oldest-first server come oldest page first: one sort gives newest first overall.
  const data = [...collected.values()].sort((a, b) => b.createdAt - a.createdAt);
  return {
    data: data.slice(0, maxItems),
    complete: serverExhausted && data.length <= maxItems,
    skipped,
    via,
  };
}
