import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_TERMS, MIN_PREFIX_LENGTH } from '../../../main/core/store/fts-query.ts';
import { seedContact, seedConversation, seedMessages } from '../../support/store-fixtures.ts';
import { startCore } from '../../integration/core-harness.ts';

let harness: ReturnType<typeof startCore>;
const call = (channel: string, request: unknown) => harness.core.router.handle(channel, request);
const hitIds = async (query: string) => {
  const result = await call('messages:search', { query });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return (result.value as { hits: { messageId: string }[] }).hits.map((hit) => hit.messageId);
};

beforeEach(() => {
  harness = startCore();
  const { db } = harness.core;
  seedContact(db, { id: 'ct_ann', username: 'ann' });
  seedConversation(db, { id: 'c_ann', contactId: 'ct_ann' });
  seedMessages(db, [
    {
      id: 'm_lunch',
      conversationId: 'c_ann',
      senderId: 'ct_ann',
      text: 'lunch at noon',
      createdAt: 1_000,
    },
    {
      id: 'm_kale',
      conversationId: 'c_ann',
      senderId: 'ct_ann',
      text: 'kale salad',
      createdAt: 2_000,
    },
    {
      id: 'm_long',
      conversationId: 'c_ann',
      senderId: 'ct_ann',
      text: 'one two three four five six seven eight',
      createdAt: 3_000,
    },
  ]);
});
afterEach(() => harness.close());

describe('message search input', () => {
  it('takes NUL and other control characters as word breaks, never as a failure', async () => {
    expect(await hitIds('lunch\u0000')).toEqual(['m_lunch']);
    expect(await hitIds('lunch\u0000noon')).toEqual(['m_lunch']);
    expect(await hitIds('\u0007lunch\u001b')).toEqual(['m_lunch']);
    expect(await hitIds('lunch\u202Enoon')).toEqual(['m_lunch']);
    for (const [channel, request] of [
      ['conversations:list', { filter: 'all', query: 'an\u0000n' }],
      ['contacts:suggest', { query: 'an\u0000n' }],
    ] as const) {
      expect((await call(channel, request)).ok).toBe(true);
    }
  });

  it(`searches at most ${MAX_TERMS} words of a query`, async () => {
    const words = 'one two three four five six seven eight';
    expect(await hitIds(words)).toEqual(['m_long']);
    // The words past the cap are not searched for, so they cannot make the query costly either.
    expect(await hitIds(`${words} nine ten eleven`)).toEqual(['m_long']);
  });

  it(`searches an unfinished word as a prefix only from ${MIN_PREFIX_LENGTH} letters`, async () => {
    expect(await hitIds('ka')).toEqual([]);
    expect(await hitIds('kal')).toEqual(['m_kale']);
    expect(await hitIds('salad ka')).toEqual([]);
    expect(await hitIds('salad kal')).toEqual(['m_kale']);
  });
});
