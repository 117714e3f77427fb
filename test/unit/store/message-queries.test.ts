import { describe, expect, it } from 'vitest';
import { pageMessages } from '../../../main/core/store/message-queries.ts';
import {
  memoryDatabase,
  seedContact,
  seedConversation,
  seedMessages,
  seedOutbox,
  setSelf,
} from '../../support/store-fixtures.ts';

/** Ten messages m0..m9, one a second; the first four are read. */
function thread() {
  const db = memoryDatabase();
  seedContact(db, { id: 'ct_ann', username: 'ann', avatarUrl: 'https://x.test/a.png' });
  setSelf(db, 'ct_me', 'me');
  seedConversation(db, { id: 'c', contactId: 'ct_ann', readUpTo: 3_000 });
  seedConversation(db, { id: 'other', contactId: 'ct_ann' });
  seedMessages(
    db,
    Array.from({ length: 10 }, (_, i) => ({
      id: `m${i}`,
      conversationId: 'c',
      senderId: i % 2 ? 'ct_me' : 'ct_ann',
      own: i % 2 === 1,
      text: `message ${i}`,
      createdAt: i * 1_000,
    })),
  );
  return db;
}

const page = (db: ReturnType<typeof thread>, query: object) => {
  const result = pageMessages(db, { conversationId: 'c', limit: 3, ...query });
  return { ...result, ids: result.items.map((m) => m.id) };
};

describe('thread page', () => {
  it('starts with the newest messages, oldest first', () => {
    const result = page(thread(), {});
    expect(result.ids).toEqual(['m7', 'm8', 'm9']);
    expect(result).toMatchObject({ hasBefore: true, hasAfter: false });
  });

  it('pages back and forth from a message without gaps or repeats', () => {
    const db = thread();
    expect(page(db, { before: 'm7' })).toMatchObject({ ids: ['m4', 'm5', 'm6'], hasAfter: true });
    expect(page(db, { before: 'm2' })).toMatchObject({ ids: ['m0', 'm1'], hasBefore: false });
    expect(page(db, { after: 'm2' })).toMatchObject({ ids: ['m3', 'm4', 'm5'], hasBefore: true });
    expect(page(db, { after: 'm7' })).toMatchObject({ ids: ['m8', 'm9'], hasAfter: false });
  });

  it('centres a page on a message, filling from the other side at either end', () => {
    const db = thread();
    expect(page(db, { around: 'm5', limit: 5 })).toMatchObject({
      ids: ['m3', 'm4', 'm5', 'm6', 'm7'],
      hasBefore: true,
      hasAfter: true,
    });
    expect(page(db, { around: 'm0', limit: 4 })).toMatchObject({
      ids: ['m0', 'm1', 'm2', 'm3'],
      hasBefore: false,
      hasAfter: true,
    });
    expect(page(db, { around: 'm9', limit: 4 })).toMatchObject({
      ids: ['m6', 'm7', 'm8', 'm9'],
      hasBefore: true,
      hasAfter: false,
    });
  });

  it('orders messages with the same timestamp by id, so paging never skips one', () => {
    const db = thread();
    seedMessages(db, [
      { id: 'm5b', conversationId: 'c', senderId: 'ct_ann', createdAt: 5_000 },
      { id: 'm5a', conversationId: 'c', senderId: 'ct_ann', createdAt: 5_000 },
    ]);
    const all = page(db, { limit: 50 }).ids;
    expect(all.slice(5, 8)).toEqual(['m5', 'm5a', 'm5b']);
    expect(page(db, { after: 'm5a', limit: 1 }).ids).toEqual(['m5b']);
    expect(page(db, { before: 'm5a', limit: 1 }).ids).toEqual(['m5']);
  });

  it('points at the oldest unread message from someone else', () => {
    expect(page(thread(), {}).firstUnreadId).toBe('m4');
  });

  it('follows a local id that was replaced by the server id', () => {
    const db = thread();
    db.prepare("INSERT INTO id_map (local_id, server_id) VALUES ('local_x', 'm5')").run();
    expect(page(db, { before: 'local_x' }).ids).toEqual(['m2', 'm3', 'm4']);
  });

  it('refuses an unknown conversation or a cursor from another conversation', () => {
    const db = thread();
    expect(() => pageMessages(db, { conversationId: 'nope', limit: 3 })).toThrow(/conversation/);
    seedMessages(db, [{ id: 'elsewhere', conversationId: 'other', senderId: 'x', createdAt: 1 }]);
    expect(() => page(db, { before: 'elsewhere' })).toThrow(/not in this conversation/);
  });

  it('shows sender, reactions with mine, attachments and the outbox state', () => {
    const db = thread();
    seedMessages(db, [
      {
        id: 'local_1',
        conversationId: 'c',
        senderId: 'ct_me',
        own: true,
        text: 'sending',
        createdAt: 20_000,
        reactions: { '👍': ['ann', 'me'], '🎉': ['ann'] },
        attachments: [{ name: 'a.png', url: 'https://x.test/a.png', mime_type: 'image/png' }],
      },
      { id: 'failed_1', conversationId: 'c', senderId: 'ct_me', own: true, createdAt: 21_000 },
    ]);
    seedOutbox(db, { kind: 'send', conversationId: 'c', targetId: 'local_1', state: 'in-flight' });
    const failed = seedOutbox(db, {
      kind: 'edit',
      conversationId: 'c',
      targetId: 'failed_1',
      state: 'failed',
      error: 'too long',
    });
    seedOutbox(db, { kind: 'react', conversationId: 'c', targetId: 'failed_1', state: 'pending' });
    const [sending, broken] = page(db, { limit: 2 }).items;
    expect(sending).toMatchObject({
      sender: { id: 'ct_me', username: 'me', avatarUrl: null },
      own: true,
      state: 'pending',
      error: null,
      reactions: [
        { name: '👍', reactors: ['ann', 'me'], mine: true },
        { name: '🎉', reactors: ['ann'], mine: false },
      ],
      attachments: [{ kind: 'image', name: 'a.png', mimeType: 'image/png' }],
    });
    expect(broken).toMatchObject({ state: 'failed', error: 'too long', outboxId: failed });
    expect(page(db, { before: 'm9', limit: 1 }).items[0]).toMatchObject({
      sender: { username: 'ann', avatarUrl: 'https://x.test/a.png' },
      state: 'synced',
      outboxId: null,
    });
  });

  it('never fails on unreadable reactions or attachments from the server', () => {
    const db = thread();
    db.prepare(
      `UPDATE messages SET reactions = 'not json', attachments = '{"a":1}' WHERE id = 'm9'`,
    ).run();
    db.prepare(
      `UPDATE messages SET reactions = '[{"x":["a",1]},7]', attachments = '[5, null]' WHERE id = 'm8'`,
    ).run();
    const [m8, m9] = page(db, { limit: 2 }).items;
    expect(m9).toMatchObject({ reactions: [], attachments: [] });
    expect(m8?.reactions).toEqual([{ name: 'x', reactors: ['a'], mine: false }]);
    expect(m8?.attachments.map((a) => a.kind)).toEqual(['unknown', 'unknown']);
  });
});
