import { describe, expect, it } from 'vitest';
import type { ApiMessage } from '../../../main/core/api/messaging-api.ts';
import { pageMessages } from '../../../main/core/store/message-queries.ts';
import { upsertMessage } from '../../../main/core/store/record-upserts.ts';
import {
  apiMessage,
  memoryDatabase,
  seedConversation,
  type MessageSeed,
} from '../../support/store-fixtures.ts';

/** The server's record of message m1, as it is listed after each change. */
function serverCopy(seed: Partial<MessageSeed>): ApiMessage {
  return apiMessage({
    id: 'm1',
    conversationId: 'c',
    senderId: 'ann',
    text: 'hello',
    createdAt: 1_000,
    ...seed,
  });
}

const editedAt = (db: ReturnType<typeof memoryDatabase>) =>
  pageMessages(db, { conversationId: 'c', limit: 1 }).items[0]?.editedAt;

describe('a message shown as edited', () => {
  it('is one whose text changed, not one that only got a reaction', () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'c', contactId: 'ann' });
    upsertMessage(db, serverCopy({}), false);
    upsertMessage(db, serverCopy({ reactions: { like: ['bob'] }, updatedAt: 2_000 }), false);
    expect(editedAt(db)).toBeNull();

    upsertMessage(db, serverCopy({ text: 'hello again', updatedAt: 3_000 }), false);
    expect(editedAt(db)).toBe(3_000);

    upsertMessage(db, serverCopy({ text: 'hello again', reactions: {}, updatedAt: 4_000 }), false);
    expect(editedAt(db)).toBe(3_000);
  });

  it('is not claimed for a message first seen with an update: its old text was never here', () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'c', contactId: 'ann' });
    upsertMessage(db, serverCopy({ updatedAt: 2_000 }), false);
    expect(editedAt(db)).toBeNull();
  });
});
