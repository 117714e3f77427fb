import { describe, expect, it } from 'vitest';
import { ChangeBatch } from '../../../main/core/events/change-batch.ts';
import { transaction } from '../../../main/core/store/database.ts';
import {
  SETTLE_CHUNK,
  settleDerivedPending,
  settleDerivedPendingInChunks,
} from '../../../main/core/store/derived-pending.ts';
import {
  SETTLE_EVERY_MS,
  storeHistoryHere,
  storeHistoryPages,
  type HistoryPage,
} from '../../../main/core/sync/page-store.ts';
import {
  readHistoryProgress,
  saveHistoryProgress,
  type HistoryProgress,
} from '../../../main/core/sync/sync-progress.ts';
import { apiMessage, memoryDatabase, seedConversation } from '../../support/store-fixtures.ts';

const start: HistoryProgress = { mode: 'feed', cursor: 'msg_b', done: false, pages: 3, items: 300 };
const after: HistoryProgress = { ...start, cursor: 'msg_a', pages: 4, items: 302 };

/** A page of two messages, newest first, as the feed lists them: `${name}2` then `${name}1`. */
function page(
  from: HistoryProgress,
  to = after,
  name = 'msg_a',
  at = 1_000,
  now = 5_000,
): HistoryPage {
  return {
    conversations: [],
    messages: [
      apiMessage({ id: `${name}2`, conversationId: 'conv_1', senderId: 'bob', createdAt: at + 1 }),
      apiMessage({ id: `${name}1`, conversationId: 'conv_1', senderId: 'bob', createdAt: at }),
    ],
    range: null,
    spare: [],
    now,
    from,
    to,
  };
}

function database() {
  const db = memoryDatabase();
  seedConversation(db, { id: 'conv_1', contactId: 'bob' });
  saveHistoryProgress(db, start);
  return db;
}

const storedIds = (db: ReturnType<typeof database>) =>
  (db.prepare('SELECT id FROM messages ORDER BY id').all() as { id: string }[]).map((r) => r.id);

describe('a page of history, as the writer thread stores it', () => {
  it('is stored with the progress after it, and names the thread it changed', () => {
    const db = database();
    const batch = new ChangeBatch();
    expect(storeHistoryPages(db, [page(start)], batch)).toEqual([true]);
    expect(storedIds(db)).toEqual(['msg_a1', 'msg_a2']);
    expect(readHistoryProgress(db)).toEqual(after);
    expect(batch.toEvent().threads).toEqual(['conv_1']);
  });

  it('is not stored when history was saved elsewhere than where the page was fetched from (a page before it failed)', () => {
    const db = database();
    const batch = new ChangeBatch();
    expect(storeHistoryPages(db, [page({ ...start, cursor: 'msg_c', pages: 2 })], batch)).toEqual([
      false,
    ]);
    expect(storedIds(db)).toEqual([]);
    expect(readHistoryProgress(db)).toEqual(start);
    expect(batch.isEmpty).toBe(true);
  });

  it('stores the pages that follow on from each other together, leaving out one that does not', () => {
    const db = database();
    const last: HistoryProgress = { ...after, cursor: 'msg_0', pages: 5, items: 304 };
    const pages = [
      page(after, last, 'msg_0', 500), // fetched before a failed store: not where history is
      page(start), // the failed page, fetched again
      page(after, last, 'msg_0', 500),
    ];
    expect(storeHistoryPages(db, pages, new ChangeBatch())).toEqual([false, true, true]);
    expect(storedIds(db)).toEqual(['msg_01', 'msg_02', 'msg_a1', 'msg_a2']);
    expect(readHistoryProgress(db)).toEqual(last);
  });

  it('reaches the main thread as the event its batch absorbs', () => {
    const db = database();
    const there = new ChangeBatch();
    storeHistoryPages(db, [page(start)], there);
    const here = new ChangeBatch().conversation('conv_2').absorb(there.toEvent());
    expect(here.toEvent()).toMatchObject({
      conversations: ['conv_2', 'conv_1'],
      threads: ['conv_1'],
    });
  });
});

describe('what a conversation shows of its history (last message, unread count)', () => {
  const derived = (db: ReturnType<typeof database>) =>
    db
      .prepare('SELECT last_message_id, unread_count FROM conversations WHERE id = ?')
      .get('conv_1');
  const pending = (db: ReturnType<typeof database>) =>
    (db.prepare('SELECT COUNT(*) AS n FROM derived_pending').get() as { n: number }).n;
  const second: HistoryProgress = { ...after, cursor: 'msg_0', pages: 5, items: 304 };

  it('is brought up to date with the first page, then at most every settling period', () => {
    const db = database();
    storeHistoryPages(db, [page(start)], new ChangeBatch());
    expect(derived(db)).toEqual({ last_message_id: 'msg_a2', unread_count: 2 });
    // The next page, sooner than a period later: its older messages wait, counted nowhere yet.
    storeHistoryPages(db, [page(after, second, 'msg_0', 500, 5_500)], new ChangeBatch());
    expect(derived(db)).toEqual({ last_message_id: 'msg_a2', unread_count: 2 });
    expect(pending(db)).toBe(1);
    const third: HistoryProgress = { ...second, cursor: 'msg_z', pages: 6, items: 306 };
    const batch = new ChangeBatch();
    storeHistoryPages(db, [page(second, third, 'msg_z', 100, 5_000 + SETTLE_EVERY_MS)], batch);
    expect(derived(db)).toEqual({ last_message_id: 'msg_a2', unread_count: 6 });
    expect(pending(db)).toBe(0);
    expect(batch.toEvent().conversations).toContain('conv_1');
  });

  it('is brought up to date with the page that completes history, however soon it comes', () => {
    const db = database();
    storeHistoryPages(db, [page(start)], new ChangeBatch());
    const last: HistoryProgress = { ...second, done: true };
    storeHistoryPages(db, [page(after, last, 'msg_0', 500, 5_001)], new ChangeBatch());
    expect(derived(db)).toEqual({ last_message_id: 'msg_a2', unread_count: 4 });
    expect(pending(db)).toBe(0);
  });

  it('is settled a chunk to a page, the pages that follow settling the rest', () => {
    const db = database();
    const others = Array.from({ length: SETTLE_CHUNK + 10 }, (_, n) => `conv_gone${n}`);
    const waiting = db.prepare('INSERT INTO derived_pending (conversation_id) VALUES (?)');
    for (const id of others) waiting.run(id);
    storeHistoryPages(db, [page(start)], new ChangeBatch());
    expect(pending(db)).toBe(11);
    // Sooner than a period later: the settling under way goes on.
    storeHistoryPages(db, [page(after, second, 'msg_0', 500, 5_500)], new ChangeBatch());
    expect(pending(db)).toBe(0);
    expect(derived(db)).toEqual({ last_message_id: 'msg_a2', unread_count: 4 });
  });

  it('is settled whole in chunks of a transaction each, by the caller of the page that completes history', () => {
    const db = database();
    const others = Array.from({ length: 2 * SETTLE_CHUNK + 1 }, (_, n) => `conv_${n + 2}`);
    for (const id of others) seedConversation(db, { id, contactId: `contact_${id}` });
    const waiting = db.prepare('INSERT INTO derived_pending (conversation_id) VALUES (?)');
    for (const id of others) waiting.run(id);
    const batch = new ChangeBatch();
    const done: HistoryProgress = { ...after, done: true };
    expect(storeHistoryPages(db, [page(start, done)], batch)).toEqual([true]);
    expect(pending(db)).toBe(others.length + 1 - SETTLE_CHUNK);
    expect(settleDerivedPendingInChunks(db, batch)).toBe(others.length + 1 - SETTLE_CHUNK);
    expect(pending(db)).toBe(0);
    expect(batch.toEvent().threads).toHaveLength(others.length + 1);
  });

  it('is settled whole with the page that completes history when this thread stores it', async () => {
    const db = database();
    const others = Array.from({ length: SETTLE_CHUNK + 1 }, (_, n) => `conv_gone${n}`);
    const waiting = db.prepare('INSERT INTO derived_pending (conversation_id) VALUES (?)');
    for (const id of others) waiting.run(id);
    const changes = await storeHistoryHere(db)(page(start, { ...after, done: true }));
    expect(changes?.threads).toEqual(['conv_1']);
    expect(pending(db)).toBe(0);
  });

  it('is settled whole from the database, a conversation gone meanwhile left out', () => {
    const db = database();
    seedConversation(db, { id: 'conv_2', contactId: 'carol' });
    db.prepare(
      "INSERT INTO derived_pending (conversation_id) VALUES ('conv_1'), ('conv_2'), ('conv_gone')",
    ).run();
    const batch = new ChangeBatch();
    expect(transaction(db, () => settleDerivedPending(db, batch))).toBe(3);
    expect(batch.toEvent().conversations).toEqual(['conv_1', 'conv_2']);
    expect(pending(db)).toBe(0);
  });
});
