import { describe, expect, it } from 'vitest';
import { suggestContacts } from '../../../main/core/store/contact-queries.ts';
import {
  memoryDatabase,
  seedContact,
  seedConversation,
  seedMessages,
  setSelf,
} from '../../support/store-fixtures.ts';

function people() {
  const db = memoryDatabase();
  seedContact(db, { id: 'ct_1', username: 'Mara', seenAt: 10, avatarUrl: 'https://x.test/m.png' });
  seedContact(db, { id: 'ct_2', username: 'Tamara', seenAt: 30 });
  seedContact(db, { id: 'ct_3', username: 'marc', seenAt: 20 });
  seedContact(db, { id: 'ct_me', username: 'mark', seenAt: 40 });
  setSelf(db, 'ct_me', 'mark');
  seedConversation(db, { id: 'c_1', contactId: 'ct_1' });
  seedConversation(db, { id: 'c_group', contactId: 'ct_3', groupId: 'g' });
  return db;
}

describe('contact suggestions', () => {
  it('puts names starting with the query first, most recently seen first, never the user', () => {
    expect(suggestContacts(people(), { query: 'MAR', limit: 8 })).toEqual([
      { id: 'ct_3', username: 'marc', avatarUrl: null, conversationId: null },
      { id: 'ct_1', username: 'Mara', avatarUrl: 'https://x.test/m.png', conversationId: 'c_1' },
      { id: 'ct_2', username: 'Tamara', avatarUrl: null, conversationId: null },
    ]);
  });

  it('lists recently seen contacts for an empty query, up to the limit', () => {
    expect(suggestContacts(people(), { query: '', limit: 2 }).map((c) => c.id)).toEqual([
      'ct_2',
      'ct_3',
    ]);
  });

  it('for a mention, puts who wrote in the conversation first, the latest first', () => {
    const db = people();
    seedMessages(db, [
      { id: 'm_1', conversationId: 'c_group', senderId: 'ct_2', createdAt: 1_000 },
      { id: 'm_2', conversationId: 'c_group', senderId: 'ct_3', createdAt: 2_000 },
      { id: 'm_3', conversationId: 'c_1', senderId: 'ct_1', createdAt: 3_000 },
    ]);
    expect(
      suggestContacts(db, { query: 'mar', limit: 8, conversationId: 'c_group' }).map((c) => c.id),
    ).toEqual(['ct_3', 'ct_2', 'ct_1']);
    expect(suggestContacts(db, { query: 'mar', limit: 8 }).map((c) => c.id)).toEqual([
      'ct_3',
      'ct_1',
      'ct_2',
    ]);
  });

  it('treats LIKE wildcards as text', () => {
    expect(suggestContacts(people(), { query: '%', limit: 8 })).toEqual([]);
    expect(suggestContacts(people(), { query: 'm_r', limit: 8 })).toEqual([]);
  });
});
