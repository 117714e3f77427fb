import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedContact, seedConversation, seedMessages } from '../../support/store-fixtures.ts';
import { startCore } from '../core-harness.ts';
import { ChangeBatch } from '../../../main/core/events/change-batch.ts';
import { replaceConversationId } from '../../../main/core/outbox/id-replacement.ts';

let harness: ReturnType<typeof startCore>;
const call = (channel: string, request: unknown) => harness.core.router.handle(channel, request);

beforeEach(() => {
  harness = startCore();
  const { db } = harness.core;
  seedContact(db, { id: 'ct_ann', username: 'ann' });
  seedConversation(db, { id: 'c_ann', contactId: 'ct_ann' });
  seedMessages(db, [
    {
      id: 'm1',
      conversationId: 'c_ann',
      senderId: 'ct_ann',
      text: 'first lunch',
      createdAt: 2_000,
    },
    { id: 'm2', conversationId: 'c_ann', senderId: 'ct_ann', text: 'second', createdAt: 3_000 },
  ]);
});
afterEach(() => harness.close());

describe('store channels through the core router', () => {
  it('answers the list, counts, one conversation, a thread page, search and suggestions', async () => {
    expect(await call('conversations:list', { filter: 'all' })).toMatchObject({
      ok: true,
      value: { total: 1, items: [{ id: 'c_ann', title: 'ann', unreadCount: 2 }] },
    });
    expect(await call('conversations:counts', {})).toMatchObject({
      ok: true,
      value: { all: 1, unreadTotal: 2 },
    });
    expect(await call('conversations:get', { id: 'missing' })).toEqual({ ok: true, value: null });
    expect(await call('messages:page', { conversationId: 'c_ann' })).toMatchObject({
      ok: true,
      value: { items: [{ id: 'm1' }, { id: 'm2' }], firstUnreadId: 'm1', hasBefore: false },
    });
    expect(await call('messages:search', { query: 'lunch' })).toMatchObject({
      ok: true,
      value: { hits: [{ messageId: 'm1', snippet: 'first lunch', highlights: [[6, 11]] }] },
    });
    expect(
      await call('messages:search', { query: 'lunch', conversationId: 'c_other' }),
    ).toMatchObject({ ok: true, value: { hits: [] } });
    expect(await call('contacts:suggest', { query: 'an' })).toMatchObject({
      ok: true,
      value: { items: [{ id: 'ct_ann', conversationId: 'c_ann' }] },
    });
  });

  it('quotes a linked message from what is stored, and says what is not here', async () => {
    seedMessages(harness.core.db, [
      {
        id: 'm3',
        conversationId: 'c_ann',
        senderId: 'ct_ann',
        text: '> first lunch\n**Yes**, at\n  noon',
        createdAt: 4_000,
      },
    ]);
    await call('conversations:rename', { id: 'c_ann', localName: 'Ann (work)' });
    expect(await call('messages:quote', { conversationId: 'c_ann', messageId: 'm3' })).toEqual({
      ok: true,
      value: {
        conversationTitle: 'Ann (work)',
        // One line of its own words: the quote and the marks left out.
        message: { senderName: 'ann', own: false, excerpt: 'Yes, at noon', hasAttachments: false },
      },
    });
    // Gone, or in another conversation than the link says: the conversation alone.
    expect(await call('messages:quote', { conversationId: 'c_ann', messageId: 'm9' })).toEqual({
      ok: true,
      value: { conversationTitle: 'Ann (work)', message: null },
    });
    expect(await call('messages:quote', { conversationId: 'c_bob', messageId: 'm1' })).toEqual({
      ok: true,
      value: null,
    });
    expect(await call('messages:quote', { conversationId: 'c_ann', messageId: '' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-request' },
    });
  });

  it('keeps drafts, renames and marks read, telling the renderer what changed', async () => {
    expect(await call('drafts:set', { conversationId: 'c_ann', text: 'hello' })).toEqual({
      ok: true,
      value: { kept: false },
    });
    expect(await call('drafts:get', { conversationId: 'c_ann' })).toEqual({
      ok: true,
      value: { text: 'hello' },
    });
    await call('conversations:rename', { id: 'c_ann', localName: 'Annie' });
    await call('conversations:markRead', { conversationId: 'c_ann', upToMessageId: 'm1' });
    expect(await call('conversations:get', { id: 'c_ann' })).toMatchObject({
      value: { title: 'Annie', unreadCount: 1 },
    });
    // The draft (shown in the list as "Draft: …"), the rename, the read marker.
    expect(harness.events).toEqual([
      expect.objectContaining({ type: 'changes', conversations: ['c_ann'] }),
      expect.objectContaining({ type: 'changes', conversations: ['c_ann'] }),
      expect.objectContaining({ type: 'changes', conversations: ['c_ann'] }),
    ]);
    await call('conversations:markRead', { conversationId: 'c_ann', upToMessageId: 'm1' });
    await call('drafts:set', { conversationId: 'c_ann', text: 'hello' });
    expect(harness.events).toHaveLength(3);
  });

  it('marks a read conversation unread again from its newest message from others', async () => {
    seedMessages(harness.core.db, [
      {
        id: 'm3',
        conversationId: 'c_ann',
        senderId: 'ct_me',
        text: 'mine',
        createdAt: 4_000,
        own: true,
      },
    ]);
    await call('conversations:markRead', { conversationId: 'c_ann' });
    expect(await call('conversations:get', { id: 'c_ann' })).toMatchObject({
      value: { unreadCount: 0 },
    });
    const before = harness.events.length;

    expect(await call('conversations:markUnread', { conversationId: 'c_ann' })).toEqual({
      ok: true,
      value: {},
    });
    // Ann's last message, not the reply after it: the user's own words are never unread.
    expect(await call('conversations:get', { id: 'c_ann' })).toMatchObject({
      value: { unreadCount: 1 },
    });
    expect(await call('messages:page', { conversationId: 'c_ann' })).toMatchObject({
      value: { firstUnreadId: 'm2' },
    });
    expect(await call('conversations:counts', {})).toMatchObject({ value: { unreadTotal: 1 } });
    expect(harness.events.slice(before)).toEqual([
      expect.objectContaining({ type: 'changes', conversations: ['c_ann'] }),
    ]);

    // Already unread there: nothing moves, and no change is announced.
    await call('conversations:markUnread', { conversationId: 'c_ann' });
    expect(harness.events.length).toBe(before + 1);
    await call('conversations:markRead', { conversationId: 'c_ann' });
    expect(await call('conversations:get', { id: 'c_ann' })).toMatchObject({
      value: { unreadCount: 0 },
    });
    expect(await call('conversations:markUnread', { conversationId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it('marks every unread conversation outside the archive read, in one change', async () => {
    const { db } = harness.core;
    seedConversation(db, { id: 'c_muted', contactId: 'ct_ann', isMuted: true });
    seedConversation(db, { id: 'c_old', contactId: 'ct_ann', archivedAt: 1 });
    seedConversation(db, { id: 'c_read', contactId: 'ct_ann' });
    seedMessages(db, [
      { id: 'm3', conversationId: 'c_muted', senderId: 'ct_ann', text: 'a', createdAt: 2_500 },
      { id: 'm4', conversationId: 'c_old', senderId: 'ct_ann', text: 'b', createdAt: 2_600 },
    ]);
    expect(await call('conversations:counts', {})).toMatchObject({
      value: { unread: 2, archivedUnread: 1 },
    });
    const before = harness.events.length;

    expect(await call('conversations:markAllRead', {})).toEqual({
      ok: true,
      value: { marked: 2 },
    });
    expect(await call('conversations:counts', {})).toMatchObject({
      value: { unread: 0, unreadTotal: 0, archivedUnread: 1 },
    });
    expect(await call('conversations:list', { filter: 'unread' })).toMatchObject({
      value: { total: 0 },
    });
    // Read up to the newest: a message arriving later is unread, the older ones are not.
    seedMessages(db, [
      { id: 'm5', conversationId: 'c_ann', senderId: 'ct_ann', text: 'c', createdAt: 5_000 },
    ]);
    expect(await call('conversations:get', { id: 'c_ann' })).toMatchObject({
      value: { unreadCount: 1 },
    });
    expect(harness.events.slice(before)).toEqual([
      expect.objectContaining({
        type: 'changes',
        conversations: expect.arrayContaining(['c_ann', 'c_muted']),
      }),
    ]);
    expect((harness.events[before] as { conversations: string[] }).conversations).toHaveLength(2);

    // Nothing left unread outside the archive: nothing moves, nothing is announced.
    expect(await call('conversations:markAllRead', {})).toMatchObject({ value: { marked: 1 } });
    expect(await call('conversations:markAllRead', {})).toMatchObject({ value: { marked: 0 } });
    expect(harness.events.length).toBe(before + 2);
    expect(await call('conversations:markAllRead', { filter: 'all' })).toMatchObject({
      ok: false,
    });
  });

  it('reads a conversation opened under a local id the server has since replaced', async () => {
    // The user starts a conversation; the server confirms it before the thread's first read.
    const { db } = harness.core;
    seedConversation(db, { id: 'local_new', contactId: 'ct_ann' });
    seedMessages(db, [
      {
        id: 'local_m',
        conversationId: 'local_new',
        senderId: 'ct_ann',
        text: 'hi',
        createdAt: 4_000,
      },
    ]);
    replaceConversationId(db, 'local_new', 'c_new', new ChangeBatch());

    expect(await call('conversations:get', { id: 'local_new' })).toMatchObject({
      ok: true,
      value: { id: 'c_new' },
    });
    expect(await call('messages:page', { conversationId: 'local_new' })).toMatchObject({
      ok: true,
      value: { items: [{ id: 'local_m', text: 'hi' }] },
    });
    expect(await call('conversations:markRead', { conversationId: 'local_new' })).toEqual({
      ok: true,
      value: {},
    });
    expect(await call('conversations:get', { id: 'c_new' })).toMatchObject({
      value: { unreadCount: 0 },
    });
    // A mention typed there offers who wrote in it first, ahead of a contact seen since.
    seedContact(db, { id: 'ct_andy', username: 'andy', seenAt: 9_000 });
    const offered = await call('contacts:suggest', { query: 'an', conversationId: 'local_new' });
    expect(offered).toMatchObject({ value: { items: [{ id: 'ct_ann' }, { id: 'ct_andy' }] } });
  });

  it('answers not-found for unknown conversations and messages', async () => {
    const notFound = { ok: false, error: { code: 'not-found' } };
    expect(await call('messages:page', { conversationId: 'nope' })).toMatchObject(notFound);
    expect(await call('messages:page', { conversationId: 'c_ann', before: 'nope' })).toMatchObject(
      notFound,
    );
    expect(await call('conversations:rename', { id: 'nope', localName: 'x' })).toMatchObject(
      notFound,
    );
    expect(await call('conversations:markRead', { conversationId: 'nope' })).toMatchObject(
      notFound,
    );
    // A draft for a conversation already gone is not lost: it joins the kept texts.
    expect(await call('drafts:set', { conversationId: 'nope', text: 'x' })).toEqual({
      ok: true,
      value: { kept: true },
    });
    expect(await call('unsent:listKept', {})).toMatchObject({ value: { items: [{ text: 'x' }] } });
    expect(await call('drafts:get', { conversationId: 'nope' })).toEqual({
      ok: true,
      value: { text: '' },
    });
  });
});
