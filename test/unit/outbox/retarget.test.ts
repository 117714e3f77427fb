import { describe, expect, it } from 'vitest';
import { BLOCKED_BY_CREATION, markFailed } from '../../../main/core/store/outbox-entries.ts';
import { retargetConversation } from '../../../main/core/outbox/retarget.ts';
import { localDb } from './local-db.ts';

/** A conversation with "nobody" that the server refused, with a message written in it. */
function refused() {
  const local = localDb();
  const conversationId = local.writes.openOrCreateConversation({ contactId: 'nobody' }).value;
  const creation = local.lastEntryId();
  const messageId = local.writes.send({ conversationId, text: 'hello?', attachments: [] }).value;
  const send = local.lastEntryId();
  markFailed(local.db, creation, 'The server has no contact “nobody”.');
  markFailed(local.db, send, BLOCKED_BY_CREATION);
  return { local, conversationId, messageId, creation, send };
}

const entries = (local: ReturnType<typeof localDb>) =>
  local.db
    .prepare('SELECT kind, conversation_id, state, error, payload FROM outbox ORDER BY id')
    .all() as {
    kind: string;
    conversation_id: string;
    state: string;
    error: string | null;
    payload: string;
  }[];

describe('pointing a refused conversation at another contact', () => {
  it('keeps the conversation and its messages, and tries the creation again with the new id', () => {
    const { local, conversationId, messageId } = refused();

    const { value } = retargetConversation(local.db, conversationId, { contactId: 'dan' });

    expect(value).toBe(conversationId);
    expect(
      local.db.prepare('SELECT contact_id FROM conversations WHERE id = ?').get(conversationId),
    ).toEqual({ contact_id: 'dan' });
    expect(
      local.db.prepare('SELECT conversation_id FROM messages WHERE id = ?').get(messageId),
    ).toEqual({ conversation_id: conversationId });
    expect(entries(local).map((e) => [e.kind, e.state, e.error])).toEqual([
      ['create-conversation', 'pending', null],
      ['send', 'pending', null],
    ]);
    expect(JSON.parse(entries(local)[0]!.payload)).toEqual({ contactId: 'dan' });
  });

  it('moves what was written into the conversation already held with that contact', () => {
    const { local, conversationId, messageId } = refused();

    const { value, batch } = retargetConversation(local.db, conversationId, { contactId: 'bob' });

    expect(value).toBe('conv_1');
    expect(
      local.db.prepare('SELECT 1 FROM conversations WHERE id = ?').get(conversationId),
    ).toBeUndefined();
    expect(
      local.db.prepare('SELECT conversation_id FROM messages WHERE id = ?').get(messageId),
    ).toEqual({ conversation_id: 'conv_1' });
    expect(entries(local).map((e) => [e.kind, e.conversation_id, e.state])).toEqual([
      ['send', 'conv_1', 'pending'],
    ]);
    expect(batch.toEvent().removedConversations).toEqual([conversationId]);
  });

  it('is refused once the server has accepted the conversation', () => {
    const local = localDb();
    expect(() => retargetConversation(local.db, 'conv_1', { contactId: 'dan' })).toThrow(
      /already accepted/,
    );
  });
});
