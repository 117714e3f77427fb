import { beforeEach, expect, it } from 'vitest';
import type { SearchHit } from '../../../shared/model/message.ts';
import { useMessageSearch } from '../../../renderer/stores/message-search.ts';

/**
 * The search results' paging against a bridge whose answers the test releases
 * one by one: the preview's bridge is one HTTP request per call, so a page of
 * "More results" and a new search can land in either order.
 */
interface SearchRequest {
  query: string;
  offset: number;
  limit: number;
}
interface Asked extends SearchRequest {
  answer(): Promise<unknown>;
  refuse(): Promise<unknown>;
}

/** Messages matching each query, newest first, as the core's index answers. */
const index = new Map<string, SearchHit[]>();
let asked: Asked[] = [];

function hit(query: string, n: number): SearchHit {
  return {
    messageId: `${query}-${n}`,
    conversationId: 'conv_1',
    conversationTitle: 'maya.chen',
    senderName: 'maya.chen',
    own: false,
    inGroup: false,
    createdAt: 1_000_000 - n,
    snippet: `${query} ${n}`,
    highlights: [],
  };
}

function indexOf(query: string, count: number): SearchHit[] {
  const hits = Array.from({ length: count }, (_, n) => hit(query, n));
  index.set(query, hits);
  return hits;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  index.clear();
  asked = [];
  useMessageSearch.getState().clear();
  Object.assign(globalThis, {
    window: {
      parley: {
        invoke(channel: string, request: SearchRequest) {
          if (channel !== 'messages:search') throw new Error(`unexpected ${channel}`);
          return new Promise((resolve) => {
            asked.push({
              ...request,
              answer: () => {
                // Answered from the index as it stands when released.
                const all = index.get(request.query) ?? [];
                const hits = all.slice(request.offset, request.offset + request.limit);
                resolve({
                  ok: true,
                  value: { hits, hasMore: request.offset + request.limit < all.length },
                });
                return settle();
              },
              refuse: () => {
                resolve({ ok: false, error: { code: 'rate-limited', message: 'busy' } });
                return settle();
              },
            });
          });
        },
        onEvent: () => () => undefined,
      },
    },
  });
});

/** Starts a search and answers it. */
async function searched(query: string) {
  const done = useMessageSearch.getState().search(query);
  await asked.at(-1)?.answer();
  await done;
}

/** Asks for the next page and answers it. */
async function pagedOn() {
  const done = useMessageSearch.getState().more();
  await asked.at(-1)?.answer();
  await done;
}

/** Makes two calls, then lets the second one's answer land before the first one's. */
async function answeredNewestFirst(first: () => Promise<void>, second: () => Promise<void>) {
  const calls = [first(), second()];
  const [older, newer] = asked.slice(-2);
  await newer?.answer();
  await older?.answer();
  await Promise.all(calls);
}

const ids = () => useMessageSearch.getState().hits.map((h) => h.messageId);

it('a page of the old words landing after new words were searched is not added to their hits', async () => {
  indexOf('the', 50);
  const fresh = indexOf('order', 30);
  await searched('the');

  await answeredNewestFirst(
    () => useMessageSearch.getState().more(),
    () => useMessageSearch.getState().search('order'),
  );

  expect(useMessageSearch.getState().query).toBe('order');
  expect(ids()).toEqual(fresh.slice(0, 20).map((h) => h.messageId));
});

it('an older search answered last does not replace the newer one', async () => {
  indexOf('th', 40);
  const wanted = indexOf('the', 40);
  await answeredNewestFirst(
    () => useMessageSearch.getState().search('th'),
    () => useMessageSearch.getState().search('the'),
  );

  expect(useMessageSearch.getState().query).toBe('the');
  expect(ids()).toEqual(wanted.slice(0, 20).map((h) => h.messageId));
});

it('asked again for the same words, as once older messages are searchable, the list keeps its length', async () => {
  indexOf('the', 100);
  await searched('the');
  await pagedOn();
  expect(ids()).toHaveLength(40);

  await searched('the');
  expect(asked.at(-1)).toMatchObject({ offset: 0, limit: 40 });
  expect(ids()).toHaveLength(40);
});

it('a second click while a page loads asks once, and a hit pushed down by a new message is listed once', async () => {
  const hits = indexOf('the', 50);
  await searched('the');

  const first = useMessageSearch.getState().more();
  const second = useMessageSearch.getState().more();
  expect(asked).toHaveLength(2);
  expect(useMessageSearch.getState().loadingMore).toBe(true);

  // A new match arrives before the page is answered: everything shifts down one.
  hits.unshift(hit('the', -1));
  await asked.at(-1)?.answer();
  await Promise.all([first, second]);

  const listed = ids();
  expect(new Set(listed).size).toBe(listed.length);
  expect(listed).toHaveLength(39);
  expect(useMessageSearch.getState().loadingMore).toBe(false);
});

it('a page that fails says why, keeps the hits shown, and a retry that works clears the error', async () => {
  indexOf('the', 50);
  await searched('the');

  const failed = useMessageSearch.getState().more();
  await asked.at(-1)?.refuse();
  await failed;
  expect(useMessageSearch.getState().error).toMatch(/busy/i);
  expect(ids()).toHaveLength(20);

  await pagedOn();
  expect(useMessageSearch.getState().error).toBeNull();
  expect(ids()).toHaveLength(40);
});
