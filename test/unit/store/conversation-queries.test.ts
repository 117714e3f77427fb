import { describe, expect, it } from 'vitest';
import {
  getConversation,
  listConversations,
  neighbourUnread,
} from '../../../main/core/store/conversation-queries.ts';
import { markRead } from '../../../main/core/store/read-markers.ts';
import type { ConversationFilter } from '../../../shared/model/conversation.ts';
import {
  memoryDatabase,
  seedContact,
  seedConversation,
  seedMessages,
  seedOutbox,
  setSelf,
} from '../../support/store-fixtures.ts';

function inbox() {
  const db = memoryDatabase();
  seedContact(db, { id: 'ct_ann', username: 'ann', avatarUrl: 'https://x.test/ann.png' });
  seedContact(db, { id: 'ct_bob', username: 'bob' });
  seedContact(db, { id: 'ct_me', username: 'me' });
  setSelf(db, 'ct_me', 'me');
  seedConversation(db, { id: 'c_ann', contactId: 'ct_ann', createdAt: 100 });
  seedConversation(db, { id: 'c_bob', contactId: 'ct_bob', createdAt: 200, isMuted: true });
  seedConversation(db, { id: 'c_pinned', contactId: 'ct_unknown', createdAt: 50, isPinned: true });
  seedConversation(db, { id: 'c_group', groupId: 'g_team', createdAt: 300, localName: 'Team' });
  seedConversation(db, { id: 'c_old', contactId: 'ct_bob', createdAt: 400, archivedAt: 500 });
  seedMessages(db, [
    { id: 'm1', conversationId: 'c_ann', senderId: 'ct_ann', text: 'hi', createdAt: 1_000 },
    {
      id: 'm2',
      conversationId: 'c_ann',
      senderId: 'ct_me',
      own: true,
      text: 'yo',
      createdAt: 1_100,
    },
    { id: 'm3', conversationId: 'c_group', senderId: 'ct_bob', text: 'standup', createdAt: 900 },
  ]);
  return db;
}

const ids = (db: ReturnType<typeof inbox>, filter: ConversationFilter, extra = {}) =>
  listConversations(db, { filter, offset: 0, limit: 50, ...extra }).items.map((c) => c.id);

describe('conversation list', () => {
  it('shows pinned first, then the most recently active, and hides archived ones', () => {
    expect(ids(inbox(), 'all')).toEqual(['c_pinned', 'c_ann', 'c_group', 'c_bob']);
  });

  it('filters pinned, muted and archived conversations', () => {
    const db = inbox();
    expect(ids(db, 'pinned')).toEqual(['c_pinned']);
    expect(ids(db, 'muted')).toEqual(['c_bob']);
    expect(ids(db, 'archived')).toEqual(['c_old']);
  });

  it('filters unread conversations, muted ones too, keeping the one open once read', () => {
    const db = inbox();
    seedMessages(db, [
      { id: 'm4', conversationId: 'c_bob', senderId: 'ct_bob', text: 'psst', createdAt: 1_200 },
      { id: 'm5', conversationId: 'c_old', senderId: 'ct_bob', text: 'old', createdAt: 1_300 },
    ]);
    // c_ann's last word is the user's own, but Ann's message before it is still unread.
    expect(ids(db, 'unread')).toEqual(['c_bob', 'c_ann', 'c_group']);
    markRead(db, 'c_ann');
    expect(ids(db, 'unread')).toEqual(['c_bob', 'c_group']);
    expect(ids(db, 'unread', { keptId: 'c_ann' })).toEqual(['c_bob', 'c_ann', 'c_group']);
    expect(listConversations(db, { filter: 'unread', offset: 0, limit: 1 }).total).toBe(2);
    // Kept only where it would be listed: not from the archive, not outside a search.
    expect(ids(db, 'unread', { keptId: 'c_old' })).toEqual(['c_bob', 'c_group']);
    expect(ids(db, 'unread', { keptId: 'c_ann', query: 'team' })).toEqual(['c_group']);
    expect(ids(db, 'all', { keptId: 'c_ann' })).toEqual(ids(db, 'all'));
  });

  it('narrows to one group, archived conversations of it included', () => {
    const db = inbox();
    expect(ids(db, 'all', { groupId: 'g_team' })).toEqual(['c_group']);
    seedConversation(db, { id: 'c_family', groupId: 'g_family', archivedAt: 500 });
    expect(ids(db, 'all', { groupId: 'g_family' })).toEqual(['c_family']);
    expect(ids(db, 'all')).not.toContain('c_family');
  });

  it('matches the query against local names, usernames and ids, treating % and _ literally', () => {
    const db = inbox();
    expect(ids(db, 'all', { query: 'TEA' })).toEqual(['c_group']);
    expect(ids(db, 'all', { query: 'bo' })).toEqual(['c_bob']);
    expect(ids(db, 'all', { query: 'unknown' })).toEqual(['c_pinned']);
    expect(ids(db, 'all', { query: '%' })).toEqual([]);
    expect(ids(db, 'all', { query: 'n_n' })).toEqual([]);
    expect(ids(db, 'all', { query: 't_u' })).toEqual(['c_pinned']);
    expect(ids(db, 'all', { query: '   ' })).toHaveLength(4);
  });

  it('pages with offset and limit and reports the total', () => {
    const db = inbox();
    const first = listConversations(db, { filter: 'all', offset: 0, limit: 3 });
    const second = listConversations(db, { filter: 'all', offset: 3, limit: 3 });
    expect(first.total).toBe(4);
    expect(second.total).toBe(4);
    expect([...first.items, ...second.items].map((c) => c.id)).toEqual(ids(db, 'all'));
  });

  it('titles a conversation by local name, then username, then contact or group id', () => {
    const db = inbox();
    const titles = Object.fromEntries(
      listConversations(db, { filter: 'all', offset: 0, limit: 50 }).items.map((c) => [
        c.id,
        c.title,
      ]),
    );
    expect(titles).toEqual({ c_pinned: 'ct_unknown', c_ann: 'ann', c_group: 'Team', c_bob: 'bob' });
  });

  it('summarises the last message, unread count and avatar', () => {
    const ann = getConversation(inbox(), 'c_ann');
    expect(ann).toMatchObject({
      title: 'ann',
      avatarUrl: 'https://x.test/ann.png',
      unreadCount: 1,
      lastMessage: { id: 'm2', text: 'yo', senderName: 'me', own: true, hasAttachments: false },
    });
  });

  it('previews a reply by its own words, past a quote of the longest Parley writes', () => {
    const db = inbox();
    const quote = Array.from({ length: 12 }, () => `> ${'said before '.repeat(4)}`).join('\n');
    expect(quote.length).toBeGreaterThan(500);
    seedMessages(db, [
      {
        id: 'm9',
        conversationId: 'c_ann',
        senderId: 'ct_ann',
        text: `${quote}\nagreed`,
        createdAt: 2_000,
      },
    ]);
    expect(getConversation(db, 'c_ann')?.lastMessage?.text).toBe('agreed');
  });

  it('counts pending and failed outbox writes per conversation', () => {
    const db = inbox();
    seedOutbox(db, { kind: 'send', conversationId: 'c_ann', targetId: 'm2', state: 'pending' });
    seedOutbox(db, { kind: 'pin', conversationId: 'c_ann', targetId: 'c_ann', state: 'in-flight' });
    seedOutbox(db, { kind: 'mute', conversationId: 'c_ann', targetId: 'c_ann', state: 'failed' });
    expect(getConversation(db, 'c_ann')).toMatchObject({ pendingWrites: 2, failedWrites: 1 });
    expect(getConversation(db, 'c_bob')).toMatchObject({ pendingWrites: 0, failedWrites: 0 });
  });

  it('answers null for an unknown conversation', () => {
    expect(getConversation(inbox(), 'nope')).toBeNull();
  });
});

describe('the next unread conversation (Alt+Shift+Down and Up)', () => {
  // Listed as c_pinned, c_ann, c_group, c_bob; all but c_bob unread, and c_old archived unread.
  function unreadInbox() {
    const db = inbox();
    seedMessages(db, [
      { id: 'm4', conversationId: 'c_pinned', senderId: 'ct_unknown', text: 'a', createdAt: 10 },
      { id: 'm5', conversationId: 'c_old', senderId: 'ct_bob', text: 'b', createdAt: 20 },
    ]);
    expect(ids(db, 'all')).toEqual(['c_pinned', 'c_ann', 'c_group', 'c_bob']);
    return db;
  }
  const all = { filter: 'all' } as const;
  const next = (...args: Parameters<typeof neighbourUnread>) =>
    neighbourUnread(...args)?.id ?? null;

  it('goes down and up the list as shown, round past either end', () => {
    const db = unreadInbox();
    expect(next(db, all, 'c_ann', 1)).toBe('c_group');
    expect(next(db, all, 'c_group', 1)).toBe('c_pinned');
    expect(next(db, all, 'c_group', -1)).toBe('c_ann');
    expect(next(db, all, 'c_pinned', -1)).toBe('c_group');
    // With its place in the list, for the list to scroll to.
    expect(neighbourUnread(db, all, 'c_ann', 1)).toEqual({ id: 'c_group', index: 2 });
    expect(neighbourUnread(db, all, 'c_group', 1)).toEqual({ id: 'c_pinned', index: 0 });
  });

  it('starts from a read conversation, or from none, by its place in the list', () => {
    const db = unreadInbox();
    expect(next(db, all, 'c_bob', 1)).toBe('c_pinned');
    expect(next(db, all, 'c_bob', -1)).toBe('c_group');
    expect(next(db, all, null, 1)).toBe('c_pinned');
    expect(next(db, all, null, -1)).toBe('c_group');
  });

  it('stays within what the list shows, and answers none when only the current is unread', () => {
    const db = unreadInbox();
    expect(next(db, { filter: 'archived' }, null, 1)).toBe('c_old');
    expect(next(db, { filter: 'all', query: 'team' }, null, 1)).toBe('c_group');
    expect(next(db, { filter: 'all', query: 'ann' }, 'c_ann', 1)).toBeNull();
    expect(next(db, { filter: 'muted' }, null, 1)).toBeNull();
  });
});
