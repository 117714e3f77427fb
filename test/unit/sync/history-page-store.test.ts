import { describe, expect, it } from 'vitest';
import { ChangeBatch } from '../../../main/core/events/change-batch.ts';
import { storeHistoryPages, type HistoryPage } from '../../../main/core/sync/page-store.ts';
import {
  readHistoryProgress,
  saveHistoryProgress,
  type HistoryProgress,
} from '../../../main/core/sync/sync-progress.ts';
import { apiMessage, memoryDatabase, seedConversation } from '../../support/store-fixtures.ts';

const start: HistoryProgress = { mode: 'feed', cursor: 'msg_b', done: false, pages: 3, items: 300 };
const after: HistoryProgress = { ...start, cursor: 'msg_a', pages: 4, items: 302 };

/** A page of two messages, newest first, as the feed lists them: `${name}2` then `${name}1`. */
function page(from: HistoryProgress, to = after, name = 'msg_a', at = 1_000): HistoryPage {
  return {
    conversations: [],
    messages: [
      apiMessage({ id: `${name}2`, conversationId: 'conv_1', senderId: 'bob', createdAt: at + 1 }),
      apiMessage({ id: `${name}1`, conversationId: 'conv_1', senderId: 'bob', createdAt: at }),
    ],
    range: null,
    spare: [],
    now: 5_000,
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
