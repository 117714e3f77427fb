import { describe, expect, it, vi } from 'vitest';
import type { CoreEvent } from '../../../shared/ipc/events.ts';
import { ChangeBatch } from '../../../main/core/events/change-batch.ts';
import type { Database } from '../../../main/core/store/database.ts';
import {
  PURGE_CHUNK,
  purgeMessagesChunk,
  startMessagePurger,
} from '../../../main/core/store/message-purge.ts';
import { removeConversation } from '../../../main/core/store/record-upserts.ts';
import { deferringSearch } from '../../../main/core/store/search-backlog.ts';
import { searchMessages } from '../../../main/core/store/search-queries.ts';
import { transaction } from '../../../main/core/store/database.ts';
import { memoryDatabase, seedConversation, seedMessages } from '../../support/store-fixtures.ts';

function withMessages(db: Database, conversationId: string, count: number, word = 'lunch') {
  seedConversation(db, { id: conversationId, contactId: 'ann' });
  seedMessages(
    db,
    Array.from({ length: count }, (_, index) => ({
      id: `${conversationId}-${index}`,
      conversationId,
      senderId: 'ann',
      text: `${word} ${index}`,
      createdAt: 1_000_000 + index * 1_000,
    })),
  );
}

const stored = (db: Database, conversationId: string) =>
  (
    db
      .prepare('SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?')
      .get(conversationId) as { n: number }
  ).n;
const listed = (db: Database) =>
  (db.prepare('SELECT COUNT(*) AS n FROM message_purges').get() as { n: number }).n;
const indexedFor = (db: Database, word: string) =>
  (
    db.prepare('SELECT COUNT(*) AS n FROM messages_fts WHERE messages_fts MATCH ?').get(word) as {
      n: number;
    }
  ).n;
const remove = (db: Database, id: string) =>
  transaction(db, () => removeConversation(db, id, new ChangeBatch()));

describe('removing a conversation', () => {
  it('deletes a conversation of up to a chunk of messages at once', () => {
    const db = memoryDatabase();
    withMessages(db, 'short', PURGE_CHUNK - 1);
    remove(db, 'short');
    expect(stored(db, 'short')).toBe(0);
    expect(listed(db)).toBe(0);
    expect(indexedFor(db, 'lunch')).toBe(0);
  });

  it('leaves a longer one to be purged a chunk at a time, its messages out of search meanwhile', async () => {
    const db = memoryDatabase();
    withMessages(db, 'long', 2 * PURGE_CHUNK + 10);
    withMessages(db, 'kept', 3);
    remove(db, 'long');
    expect(stored(db, 'long')).toBe(PURGE_CHUNK + 10);
    expect(listed(db)).toBe(1);
    const { hits } = await searchMessages(db, { query: 'lunch', offset: 0, limit: 10 });
    expect(hits.map((hit) => hit.conversationId)).toEqual(['kept', 'kept', 'kept']);

    expect(purgeMessagesChunk(db)).toBe(true);
    expect(stored(db, 'long')).toBe(10);
    expect(purgeMessagesChunk(db)).toBe(true);
    expect(stored(db, 'long')).toBe(0);
    expect(listed(db)).toBe(0);
    expect(purgeMessagesChunk(db)).toBe(false);
    expect(stored(db, 'kept')).toBe(3);
    expect(indexedFor(db, 'lunch')).toBe(3);
  });

  it('purges messages still waiting to be indexed without touching the index', () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'history', contactId: 'ann' });
    deferringSearch(db, () => withMessages(db, 'history', PURGE_CHUNK + 5, 'supper'));
    withMessages(db, 'kept', 2, 'supper');
    remove(db, 'history');
    while (purgeMessagesChunk(db));
    expect(db.prepare('SELECT COUNT(*) AS n FROM search_backlog').get()).toEqual({ n: 0 });
    expect(indexedFor(db, 'supper')).toBe(2);
    db.exec(`INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check')`);
  });

  it('deletes what is left first when the conversation is stored again', () => {
    const db = memoryDatabase();
    withMessages(db, 'back', PURGE_CHUNK + 50);
    remove(db, 'back');
    seedConversation(db, { id: 'back', contactId: 'ann' });
    expect(stored(db, 'back')).toBe(0);
    expect(listed(db)).toBe(0);
  });
});

describe('the purger', () => {
  function bus() {
    const listeners: ((event: CoreEvent) => void)[] = [];
    return {
      subscribe(listener: (event: CoreEvent) => void) {
        listeners.push(listener);
        return () => listeners.splice(listeners.indexOf(listener), 1);
      },
      removed(id: string) {
        const event = new ChangeBatch().removedConversation(id).toEvent();
        for (const listener of listeners) listener(event);
      },
    };
  }
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

  it('purges when a change removes a conversation, in turns', async () => {
    const db = memoryDatabase();
    withMessages(db, 'long', 3 * PURGE_CHUNK);
    const events = bus();
    const purger = startMessagePurger({ db, subscribe: events.subscribe, log });
    remove(db, 'long');
    events.removed('long');
    // One chunk went with the removal and one at once; the rest waits for later turns.
    expect(stored(db, 'long')).toBe(PURGE_CHUNK);
    await vi.waitFor(() => expect(listed(db)).toBe(0));
    expect(stored(db, 'long')).toBe(0);
    await purger.stop();
  });

  it('stops between chunks, leaving the rest listed for the next start', async () => {
    const db = memoryDatabase();
    withMessages(db, 'long', 4 * PURGE_CHUNK);
    remove(db, 'long');
    const first = startMessagePurger({ db, subscribe: bus().subscribe, log });
    first.run();
    await first.stop();
    expect(stored(db, 'long')).toBe(2 * PURGE_CHUNK);
    expect(listed(db)).toBe(1);

    const next = startMessagePurger({ db, subscribe: bus().subscribe, log });
    next.run();
    await vi.waitFor(() => expect(listed(db)).toBe(0));
    expect(stored(db, 'long')).toBe(0);
    await next.stop();
  });

  it('logs a purge that fails and keeps the list', async () => {
    const db = memoryDatabase();
    withMessages(db, 'long', 2 * PURGE_CHUNK);
    remove(db, 'long');
    db.exec(
      `CREATE TRIGGER refuse BEFORE DELETE ON messages BEGIN SELECT RAISE(ABORT, 'busy'); END`,
    );
    const purger = startMessagePurger({ db, subscribe: bus().subscribe, log });
    purger.run();
    await new Promise((resolve) => setImmediate(resolve));
    await purger.stop();
    expect(log.warn).toHaveBeenCalledWith('purging removed messages failed', {
      error: expect.stringContaining('busy'),
    });
    expect(listed(db)).toBe(1);
  });
});
