import { describe, expect, it } from 'vitest';
import { recomputeConversationsDerived } from '../../../main/core/store/conversation-derived.ts';
import {
  removeConversation,
  upsertConversations,
} from '../../../main/core/store/record-upserts.ts';
import { ChangeBatch } from '../../../main/core/events/change-batch.ts';
import { PURGE_CHUNK } from '../../../main/core/store/message-purge.ts';
import { upsertMessages } from '../../../main/core/store/message-upserts.ts';
import { apiConversation, apiMessage, memoryDatabase } from '../../support/store-fixtures.ts';

const row = (db: ReturnType<typeof memoryDatabase>, id: string) =>
  db
    .prepare(
      'SELECT is_muted, sort_at, read_up_to, last_message_id, unread_count FROM conversations WHERE id = ?',
    )
    .get(id);

describe('conversations stored a page at a time', () => {
  it('says of each whether it was new, changed or as stored, and stores what it was given', () => {
    const db = memoryDatabase();
    expect(upsertConversations(db, [apiConversation('a'), apiConversation('b')], [])).toEqual([
      'inserted',
      'inserted',
    ]);
    expect(
      upsertConversations(db, [apiConversation('a'), apiConversation('b', { isMuted: true })], []),
    ).toEqual(['unchanged', 'updated']);
    expect(row(db, 'b')).toMatchObject({ is_muted: 1, read_up_to: 4_000 });
  });

  it('places a new one in the list as recomputing its derived columns would, with nothing to redo', () => {
    const db = memoryDatabase();
    upsertConversations(
      db,
      [apiConversation('a'), apiConversation('b', { lastActiveAt: null })],
      [],
    );
    const before = [row(db, 'a'), row(db, 'b')];
    expect(before).toMatchObject([{ sort_at: 5_000 }, { sort_at: 1_000 }]);
    const changes = db.prepare('SELECT total_changes() AS n').get() as { n: number };
    recomputeConversationsDerived(db, ['a', 'b']);
    expect([row(db, 'a'), row(db, 'b')]).toEqual(before);
    expect(db.prepare('SELECT total_changes() AS n').get()).toEqual(changes);
  });

  it('stores one listed twice in a page as last listed', () => {
    const db = memoryDatabase();
    const results = upsertConversations(
      db,
      [apiConversation('a'), apiConversation('a', { isMuted: true })],
      [],
    );
    expect(results).toEqual(['inserted', 'updated']);
    expect(row(db, 'a')).toMatchObject({ is_muted: 1 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM conversations').get()).toEqual({ n: 1 });
  });

  it('keeps a state the user changed and the server has not confirmed', () => {
    const db = memoryDatabase();
    upsertConversations(db, [apiConversation('a', { isMuted: true })], []);
    expect(upsertConversations(db, [apiConversation('a', { lastActiveAt: 9_000 })], ['a'])).toEqual(
      ['updated'],
    );
    expect(row(db, 'a')).toMatchObject({ is_muted: 1 });
  });

  it('finishes the purge of a removed conversation listed again before storing it anew', () => {
    const db = memoryDatabase();
    upsertConversations(db, [apiConversation('a')], []);
    const old = Array.from({ length: PURGE_CHUNK + 10 }, (_, n) => ({
      message: apiMessage({ id: `m${n}`, conversationId: 'a', senderId: 'bob', createdAt: n }),
      own: false,
    }));
    upsertMessages(db, old);
    removeConversation(db, 'a', new ChangeBatch());
    expect(db.prepare('SELECT COUNT(*) AS n FROM messages').get()).toEqual({ n: 10 });
    upsertConversations(db, [apiConversation('a')], []);
    expect(db.prepare('SELECT COUNT(*) AS n FROM messages').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM message_purges').get()).toEqual({ n: 0 });
  });
});
