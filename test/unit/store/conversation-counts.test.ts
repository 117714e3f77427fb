import { describe, expect, it } from 'vitest';
import { conversationCounts } from '../../../main/core/store/conversation-counts.ts';
import { memoryDatabase, seedConversation, seedMessages } from '../../support/store-fixtures.ts';

describe('conversation counts', () => {
  it('counts each filter, unread messages outside muted and archived, and groups', () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'a', contactId: 'x', isPinned: true });
    seedConversation(db, { id: 'b', contactId: 'y', isMuted: true });
    seedConversation(db, { id: 'c', groupId: 'g1' });
    seedConversation(db, { id: 'd', groupId: 'g1', localName: 'Crew' });
    seedConversation(db, { id: 'e', contactId: 'z', archivedAt: 5 });
    seedConversation(db, { id: 'f', contactId: 'w', archivedAt: 5 });
    const unread = (conversationId: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: `${conversationId}${i}`,
        conversationId,
        senderId: 'other',
        createdAt: 2_000 + i,
      }));
    seedMessages(db, [...unread('a', 2), ...unread('b', 5), ...unread('c', 1), ...unread('e', 3)]);
    seedMessages(db, [
      { id: 'own', conversationId: 'd', senderId: 'me', own: true, createdAt: 3_000 },
    ]);

    expect(conversationCounts(db)).toEqual({
      all: 4,
      unread: 3,
      pinned: 1,
      muted: 1,
      archived: 2,
      archivedUnread: 1,
      unreadTotal: 3,
      groups: [{ groupId: 'g1', title: 'Crew', unread: 1, archived: false }],
    });
  });

  it('lists every group, archived ones too, saying which are archived', () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'a', groupId: 'family', archivedAt: 5 });
    seedConversation(db, { id: 'b', groupId: 'crew' });
    expect(conversationCounts(db).groups).toEqual([
      { groupId: 'crew', title: 'crew', unread: 0, archived: false },
      { groupId: 'family', title: 'family', unread: 0, archived: true },
    ]);
  });

  it('is all zeros for an empty database', () => {
    expect(conversationCounts(memoryDatabase())).toEqual({
      all: 0,
      unread: 0,
      pinned: 0,
      muted: 0,
      archived: 0,
      archivedUnread: 0,
      unreadTotal: 0,
      groups: [],
    });
  });
});
