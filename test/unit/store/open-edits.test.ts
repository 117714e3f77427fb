import { describe, expect, it } from 'vitest';
import { ChangeBatch } from '../../../main/core/events/change-batch.ts';
import {
  replaceConversationId,
  replaceMessageId,
} from '../../../main/core/outbox/id-replacement.ts';
import { getOpenEdit, setOpenEdit } from '../../../main/core/store/open-edits.ts';
import { memoryDatabase, seedConversation, seedMessages } from '../../support/store-fixtures.ts';

function withOwnMessage() {
  const db = memoryDatabase();
  seedConversation(db, { id: 'c1', contactId: 'ct_ann' });
  seedMessages(db, [
    { id: 'm1', conversationId: 'c1', senderId: 'me', own: true, text: 'helo', createdAt: 1 },
  ]);
  return db;
}

describe('the edit open in a composer', () => {
  it('is kept as typed, replaced as typing goes on, and forgotten once done', () => {
    const db = withOwnMessage();
    expect(getOpenEdit(db, 'c1')).toBeNull();
    setOpenEdit(db, 'c1', { messageId: 'm1', text: 'hel' }, 10);
    setOpenEdit(db, 'c1', { messageId: 'm1', text: 'hello' }, 11);
    expect(getOpenEdit(db, 'c1')).toEqual({ messageId: 'm1', text: 'hello' });
    setOpenEdit(db, 'c1', null, 12);
    expect(getOpenEdit(db, 'c1')).toBeNull();
  });

  it('goes with its message when that is deleted', () => {
    const db = withOwnMessage();
    setOpenEdit(db, 'c1', { messageId: 'm1', text: 'hello' }, 10);
    db.prepare("DELETE FROM messages WHERE id = 'm1'").run();
    expect(getOpenEdit(db, 'c1')).toBeNull();
  });

  it('follows the server’s ids of its conversation and its message', () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'local_c', contactId: 'ct_ann' });
    seedMessages(db, [
      {
        id: 'local_m',
        conversationId: 'local_c',
        senderId: 'me',
        own: true,
        text: 'hi',
        createdAt: 1,
      },
    ]);
    setOpenEdit(db, 'local_c', { messageId: 'local_m', text: 'hi there' }, 10);
    replaceConversationId(db, 'local_c', 'c_server', new ChangeBatch());
    replaceMessageId(db, 'local_m', 'm_server', new ChangeBatch());
    expect(getOpenEdit(db, 'c_server')).toEqual({ messageId: 'm_server', text: 'hi there' });
    expect(getOpenEdit(db, 'local_c')).toBeNull();
  });
});
