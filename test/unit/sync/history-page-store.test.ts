import { describe, expect, it } from 'vitest';
import { ChangeBatch } from '../../../main/core/events/change-batch.ts';
import { storeHistoryPage, type HistoryPage } from '../../../main/core/sync/page-store.ts';
import {
  readHistoryProgress,
  saveHistoryProgress,
  type HistoryProgress,
} from '../../../main/core/sync/sync-progress.ts';
import { apiMessage, memoryDatabase, seedConversation } from '../../support/store-fixtures.ts';

const start: HistoryProgress = { mode: 'feed', cursor: 'msg_b', done: false, pages: 3, items: 300 };
const after: HistoryProgress = { ...start, cursor: 'msg_a', pages: 4, items: 302 };

function page(from: HistoryProgress): HistoryPage {
  return {
    conversations: [],
    messages: [
      apiMessage({ id: 'msg_a2', conversationId: 'conv_1', senderId: 'bob', createdAt: 2_000 }),
      apiMessage({ id: 'msg_a1', conversationId: 'conv_1', senderId: 'bob', createdAt: 1_000 }),
    ],
    range: null,
    spare: [],
    now: 5_000,
    from,
    to: after,
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
    expect(storeHistoryPage(db, page(start), batch)).toBe(true);
    expect(storedIds(db)).toEqual(['msg_a1', 'msg_a2']);
    expect(readHistoryProgress(db)).toEqual(after);
    expect(batch.toEvent().threads).toEqual(['conv_1']);
  });

  it('is not stored when history was saved elsewhere than where the page was fetched from (a page before it failed)', () => {
    const db = database();
    const batch = new ChangeBatch();
    expect(storeHistoryPage(db, page({ ...start, cursor: 'msg_c', pages: 2 }), batch)).toBe(false);
    expect(storedIds(db)).toEqual([]);
    expect(readHistoryProgress(db)).toEqual(start);
    expect(batch.isEmpty).toBe(true);
  });

  it('reaches the main thread as the event its batch absorbs', () => {
    const db = database();
    const there = new ChangeBatch();
    storeHistoryPage(db, page(start), there);
    const here = new ChangeBatch().conversation('conv_2').absorb(there.toEvent());
    expect(here.toEvent()).toMatchObject({
      conversations: ['conv_2', 'conv_1'],
      threads: ['conv_1'],
    });
  });
});
