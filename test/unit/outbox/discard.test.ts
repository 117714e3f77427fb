import { describe, expect, it } from 'vitest';
import { discardEntry, retryEntry } from '../../../main/core/outbox/discard.ts';
import type { LocalWrites } from '../../../main/core/outbox/local-writes.ts';
import {
  BLOCKED_BY_CREATION,
  BLOCKED_BY_SEND,
  markFailed,
  markInFlight,
} from '../../../main/core/store/outbox-entries.ts';
import { localDb } from './local-db.ts';

/** Each write kind, as the user makes it on the fixture's state. */
const WRITES: [string, (w: LocalWrites) => unknown][] = [
  ['edit', (w) => w.edit('msg_2', 'hi bob, edited')],
  ['react (add)', (w) => w.react('msg_1', 'like', true, null)],
  ['react (remove)', (w) => w.react('msg_1', 'like', false, 'cy')],
  ['attachments', (w) => w.setAttachments('msg_2', [])],
  ['delete-message', (w) => w.deleteMessage('msg_1')],
  ['pin-message', (w) => w.pinMessage('conv_1', 'msg_2')],
  ['unpin-message', (w) => w.pinMessage('conv_1', null)],
  ['pin', (w) => w.setPinned('conv_1', true)],
  ['mute', (w) => w.setMuted('conv_1', true, null)],
  ['timed mute', (w) => w.setMuted('conv_1', true, 60_000)],
  ['unmute (of a timed mute)', (w) => w.setMuted('conv_2', false, null)],
  ['archive', (w) => w.setArchived('conv_1', true)],
  ['unarchive', (w) => w.setArchived('conv_2', false)],
  ['send', (w) => w.send({ conversationId: 'conv_1', text: 'draft', attachments: [] })],
  ['create-conversation', (w) => w.openOrCreateConversation({ contactId: 'dan' })],
];

describe('discarding a pending change', () => {
  it.each(WRITES)('puts everything back as it was after a discarded %s', (_, write) => {
    const local = localDb();
    const before = local.snapshot();
    write(local.writes);
    expect(local.snapshot()).not.toEqual(before);
    const { batch } = discardEntry(local.db, local.lastEntryId());
    expect(local.snapshot()).toEqual(before);
    expect(local.outbox()).toEqual([]);
    expect(batch.isEmpty).toBe(false);
  });

  it('makes a never-sent message disappear with the changes queued after it, its pin included', () => {
    const local = localDb();
    const id = local.writes.send({
      conversationId: 'conv_1',
      text: 'draft',
      attachments: [],
    }).value;
    const sendEntry = local.lastEntryId();
    local.writes.edit(id, 'draft, edited');
    local.writes.pinMessage('conv_1', id);
    const { batch } = discardEntry(local.db, sendEntry);
    expect(local.db.prepare('SELECT 1 FROM messages WHERE id = ?').get(id)).toBeUndefined();
    expect(local.outbox()).toEqual([]);
    expect(batch.toEvent().removedMessages).toEqual([id]);
    const pinned = local.db
      .prepare("SELECT pinned_message_id FROM conversations WHERE id = 'conv_1'")
      .get() as { pinned_message_id: string | null };
    expect(pinned.pinned_message_id).toBe('msg_1');
  });

  it('asks for a conversation whose delete was discarded to be fetched again', () => {
    const local = localDb();
    local.writes.deleteConversation('conv_1');
    expect(
      local.db.prepare("SELECT 1 FROM conversations WHERE id = 'conv_1'").get(),
    ).toBeUndefined();
    const result = discardEntry(local.db, local.lastEntryId());
    expect(result.refetchConversation).toBe('conv_1');
    expect(local.outbox()).toEqual([]);
  });

  it('refuses to discard or retry a change being sent, and changes nothing', () => {
    const local = localDb();
    local.writes.setPinned('conv_1', true);
    const id = local.lastEntryId();
    markInFlight(local.db, id);
    const before = local.snapshot();
    expect(() => discardEntry(local.db, id)).toThrow(/being sent right now/);
    expect(() => retryEntry(local.db, id)).toThrow(/being sent right now/);
    expect(() => discardEntry(local.db, id + 1)).toThrow(/not found|no longer|pending change/i);
    expect(local.snapshot()).toEqual(before);
    expect(local.outbox()).toHaveLength(1);
  });
});

describe('retrying a failed change', () => {
  it('makes it and the changes it blocked due again, keeping the local state', () => {
    const local = localDb();
    local.writes.edit('msg_2', 'first');
    const failed = local.lastEntryId();
    local.writes.edit('msg_2', 'second');
    const blocked = local.lastEntryId();
    local.writes.setPinned('conv_2', true);
    const unrelated = local.lastEntryId();
    markFailed(local.db, failed, 'The server refused the request.');
    markFailed(local.db, blocked, BLOCKED_BY_SEND);
    markFailed(local.db, unrelated, 'Something else');
    const before = local.snapshot();

    retryEntry(local.db, failed);

    const rows = local.db
      .prepare('SELECT id, state, error, next_attempt_at FROM outbox ORDER BY id')
      .all();
    expect(rows).toEqual([
      { id: failed, state: 'pending', error: null, next_attempt_at: 0 },
      { id: blocked, state: 'pending', error: null, next_attempt_at: 0 },
      { id: unrelated, state: 'failed', error: 'Something else', next_attempt_at: 0 },
    ]);
    expect(local.snapshot()).toEqual(before);
  });

  it('of a message held back by a refused conversation tries the conversation again first', () => {
    const local = localDb();
    const conversationId = local.writes.openOrCreateConversation({ contactId: 'nobody' }).value;
    const creation = local.lastEntryId();
    local.writes.send({ conversationId, text: 'hello?', attachments: [] });
    const send = local.lastEntryId();
    markFailed(local.db, creation, 'The server has no contact “nobody”.');
    markFailed(local.db, send, BLOCKED_BY_CREATION);

    retryEntry(local.db, send);

    expect(local.db.prepare('SELECT id, state, error FROM outbox ORDER BY id').all()).toEqual([
      { id: creation, state: 'pending', error: null },
      { id: send, state: 'pending', error: null },
    ]);
  });
});
