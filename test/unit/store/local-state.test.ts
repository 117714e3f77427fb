import { describe, expect, it } from 'vitest';
import { getConversation } from '../../../main/core/store/conversation-queries.ts';
import { getDraft, setDraft } from '../../../main/core/store/drafts.ts';
import { renameConversation } from '../../../main/core/store/local-names.ts';
import { pageMessages } from '../../../main/core/store/message-queries.ts';
import { markRead } from '../../../main/core/store/read-markers.ts';
import {
  memoryDatabase,
  seedContact,
  seedConversation,
  seedMessages,
} from '../../support/store-fixtures.ts';

function conversation() {
  const db = memoryDatabase();
  seedContact(db, { id: 'ct_ann', username: 'ann' });
  seedConversation(db, { id: 'c', contactId: 'ct_ann' });
  seedMessages(
    db,
    Array.from({ length: 4 }, (_, i) => ({
      id: `m${i}`,
      conversationId: 'c',
      senderId: 'ct_ann',
      createdAt: (i + 1) * 1_000,
    })),
  );
  return db;
}

describe('drafts', () => {
  it('keeps the text as typed and deletes a blank draft', () => {
    const db = conversation();
    expect(getDraft(db, 'c')).toBe('');
    setDraft(db, 'c', '  half a thought ', 1);
    expect(getDraft(db, 'c')).toBe('  half a thought ');
    setDraft(db, 'c', ' \n ', 2);
    expect(getDraft(db, 'c')).toBe('');
    expect(db.prepare('SELECT COUNT(*) AS n FROM drafts').get()).toEqual({ n: 0 });
  });
});

describe('local names', () => {
  it('renames, and a blank name goes back to the username', () => {
    const db = conversation();
    expect(renameConversation(db, 'c', ' Annie ')).toBe(true);
    expect(getConversation(db, 'c')).toMatchObject({ title: 'Annie', localName: 'Annie' });
    renameConversation(db, 'c', '  ');
    expect(getConversation(db, 'c')).toMatchObject({ title: 'ann', localName: null });
    expect(renameConversation(db, 'nope', 'x')).toBe(false);
  });
});

describe('read markers', () => {
  it('marks everything read, or up to a message, and never moves back', () => {
    const db = conversation();
    expect(getConversation(db, 'c')?.unreadCount).toBe(4);
    expect(markRead(db, 'c', 'm1')).toBe(true);
    expect(getConversation(db, 'c')?.unreadCount).toBe(2);
    expect(pageMessages(db, { conversationId: 'c', limit: 10 }).firstUnreadId).toBe('m2');
    expect(markRead(db, 'c', 'm0')).toBe(false);
    expect(getConversation(db, 'c')?.unreadCount).toBe(2);
    expect(markRead(db, 'c')).toBe(true);
    expect(getConversation(db, 'c')?.unreadCount).toBe(0);
    expect(pageMessages(db, { conversationId: 'c', limit: 10 }).firstUnreadId).toBeNull();
  });

  it('refuses unknown conversations and messages', () => {
    const db = conversation();
    expect(() => markRead(db, 'nope')).toThrow(/conversation was not found/);
    expect(() => markRead(db, 'c', 'nope')).toThrow(/not in this conversation/);
  });
});
