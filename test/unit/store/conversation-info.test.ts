import { describe, expect, it } from 'vitest';
import { conversationInfo, sharedAttachments } from '../../../main/core/store/conversation-info.ts';
import { upsertContact } from '../../../main/core/store/record-upserts.ts';
import {
  memoryDatabase,
  seedConversation,
  seedMessages,
  setSelf,
} from '../../support/store-fixtures.ts';

const picture = (name: string) => ({
  name,
  url: `https://img.test/${name}`,
  mime_type: 'image/png',
});

function conversation() {
  const db = memoryDatabase();
  setSelf(db, 'me', 'me');
  seedConversation(db, { id: 'c_1', contactId: 'ana' });
  seedConversation(db, { id: 'c_group', groupId: 'g' });
  seedMessages(db, [
    {
      id: 'm1',
      conversationId: 'c_1',
      senderId: 'ana',
      createdAt: 1_000,
      attachments: [picture('a.png')],
    },
    { id: 'm2', conversationId: 'c_1', senderId: 'me', own: true, createdAt: 2_000 },
    {
      id: 'm3',
      conversationId: 'c_1',
      senderId: 'me',
      own: true,
      createdAt: 3_000,
      attachments: [picture('b.png'), { name: 'notes.pdf', url: 'https://files.test/notes.pdf' }],
    },
    {
      id: 'm4',
      conversationId: 'c_1',
      senderId: 'ana',
      createdAt: 4_000,
      attachments: [picture('c.png')],
    },
    { id: 'g1', conversationId: 'c_group', senderId: 'bo', createdAt: 1_000 },
    { id: 'g2', conversationId: 'c_group', senderId: 'me', own: true, createdAt: 2_000 },
    {
      id: 'g3',
      conversationId: 'c_group',
      senderId: 'cy',
      createdAt: 3_000,
      attachments: [picture('d.png')],
    },
  ]);
  return db;
}

describe('a conversation’s info', () => {
  it('gives its contact as their messages last described them', () => {
    const db = conversation();
    upsertContact(
      db,
      {
        id: 'ana',
        username: 'ana.lima',
        phoneNumber: '+351 900 000 000',
        avatarUrl: null,
        lastActiveAt: 9_000,
        createdAt: 1,
      },
      10_000,
    );
    expect(conversationInfo(db, 'c_1')).toEqual({
      contact: {
        id: 'ana',
        username: 'ana.lima',
        phoneNumber: '+351 900 000 000',
      },
      people: [{ id: 'ana', username: 'ana.lima', avatarUrl: null }],
    });
  });

  it('lists those who wrote in a group, the latest first, without the user', () => {
    expect(conversationInfo(conversation(), 'c_group')).toEqual({
      contact: null,
      people: [
        { id: 'cy', username: 'cy', avatarUrl: null },
        { id: 'bo', username: 'bo', avatarUrl: null },
      ],
    });
  });

  it('gives a contact none of whose messages is stored by their id alone', () => {
    const db = conversation();
    seedConversation(db, { id: 'c_new', contactId: 'zed' });
    expect(conversationInfo(db, 'c_new').contact).toEqual({
      id: 'zed',
      username: null,
      phoneNumber: null,
    });
  });

  it('refuses a conversation that is not stored', () => {
    expect(() => conversationInfo(conversation(), 'c_gone')).toThrow(/not found/);
  });
});

describe('a conversation’s attachments', () => {
  it('are listed newest first, each with its message and place, a page of messages at a time', () => {
    const db = conversation();
    const first = sharedAttachments(db, { conversationId: 'c_1', limit: 2 });
    expect(
      first.items.map((item) => [item.messageId, item.index, item.attachment.name, item.own]),
    ).toEqual([
      ['m4', 0, 'c.png', false],
      ['m3', 0, 'b.png', true],
      ['m3', 1, 'notes.pdf', true],
    ]);
    expect(first.items[0]?.attachment.kind).toBe('image');
    expect(first.items[2]?.attachment.kind).toBe('file');
    expect(first.nextBefore).toBe('m3');

    const rest = sharedAttachments(db, { conversationId: 'c_1', before: 'm3', limit: 2 });
    expect(rest.items.map((item) => [item.messageId, item.senderName])).toEqual([['m1', 'ana']]);
    expect(rest.nextBefore).toBeNull();
  });

  it('are read towards the newest from a message, the nearest first, and answered newest first', () => {
    const db = conversation();
    const newer = sharedAttachments(db, { conversationId: 'c_1', after: 'm1', limit: 1 });
    expect(newer.items.map((item) => [item.messageId, item.index])).toEqual([
      ['m3', 0],
      ['m3', 1],
    ]);
    expect(newer).toMatchObject({ nextBefore: null, nextAfter: 'm3' });
    const rest = sharedAttachments(db, { conversationId: 'c_1', after: 'm3', limit: 2 });
    expect(rest.items.map((item) => item.messageId)).toEqual(['m4']);
    expect(rest.nextAfter).toBeNull();
  });

  it('are none in a conversation without any, and refuse a cursor from elsewhere', () => {
    const db = conversation();
    seedConversation(db, { id: 'c_empty', contactId: 'bo' });
    expect(sharedAttachments(db, { conversationId: 'c_empty', limit: 30 })).toEqual({
      items: [],
      nextBefore: null,
      nextAfter: null,
    });
    expect(() => sharedAttachments(db, { conversationId: 'c_1', before: 'g3', limit: 2 })).toThrow(
      /not in this conversation/,
    );
  });
});
