import { describe, expect, it } from 'vitest';
import type { Database } from '../../../main/core/store/database.ts';
import { readKey } from '../../../main/core/store/meta-keys.ts';
import { removeMessage, upsertMessage } from '../../../main/core/store/record-upserts.ts';
import {
  deferringSearch,
  hasSearchBacklog,
  indexSearchBacklog,
} from '../../../main/core/store/search-backlog.ts';
import { searchMessages } from '../../../main/core/store/search-queries.ts';
import { ChangeBatch } from '../../../main/core/events/change-batch.ts';
import {
  apiMessage,
  memoryDatabase,
  seedContact,
  seedConversation,
} from '../../support/store-fixtures.ts';

function database() {
  const db = memoryDatabase();
  seedContact(db, { id: 'ct_ann', username: 'ann' });
  seedConversation(db, { id: 'c_ann', contactId: 'ct_ann' });
  return db;
}

const message = (id: string, text: string, createdAt = 1_000) =>
  apiMessage({ id, conversationId: 'c_ann', senderId: 'ct_ann', text, createdAt });

const found = async (db: Database, query: string) =>
  (await searchMessages(db, { query, offset: 0, limit: 50 })).hits.map((hit) => hit.messageId);

/** The full-text index against the messages it indexes: throws unless it holds exactly them. */
const checkIndex = (db: Database) =>
  db.exec(`INSERT INTO messages_fts (messages_fts, rank) VALUES ('integrity-check', 1)`);

describe('the search backlog', () => {
  it('keeps messages stored while deferring out of search until they are indexed', async () => {
    const db = database();
    upsertMessage(db, message('m_now', 'lunch today'), false);
    deferringSearch(db, () => upsertMessage(db, message('m_old', 'lunch last year', 500), false));

    expect(hasSearchBacklog(db)).toBe(true);
    expect(await found(db, 'lunch')).toEqual(['m_now']);
    expect(() => checkIndex(db)).toThrow();

    expect(indexSearchBacklog(db, 100)).toBe(false);
    expect(hasSearchBacklog(db)).toBe(false);
    expect(await found(db, 'lunch')).toEqual(['m_now', 'm_old']);
    checkIndex(db);
  });

  it('indexes a chunk at a time, oldest first, and says when some are left', async () => {
    const db = database();
    deferringSearch(db, () => {
      for (let i = 0; i < 5; i++)
        upsertMessage(db, message(`m${i}`, `note ${i}`, 1_000 + i), false);
    });
    expect(indexSearchBacklog(db, 2)).toBe(true);
    expect(await found(db, 'note')).toEqual(['m1', 'm0']);
    expect(indexSearchBacklog(db, 2)).toBe(true);
    expect(indexSearchBacklog(db, 2)).toBe(false);
    expect(await found(db, 'note')).toHaveLength(5);
    checkIndex(db);
  });

  it('lets a message still waiting be edited or deleted without harming the index', async () => {
    const db = database();
    deferringSearch(db, () => {
      upsertMessage(db, message('m_edit', 'first draft'), false);
      upsertMessage(db, message('m_gone', 'soon deleted', 1_001), false);
      upsertMessage(db, message('m_keep', 'kept as it was', 1_002), false);
    });
    upsertMessage(db, { ...message('m_edit', 'final words'), updatedAt: 2_000 }, false);
    removeMessage(db, 'm_gone', new ChangeBatch());
    // The edit is searchable at once; its first text never was, nor is the deleted message.
    expect(await found(db, 'final')).toEqual(['m_edit']);

    expect(indexSearchBacklog(db, 100)).toBe(false);
    checkIndex(db);
    expect(await found(db, 'draft')).toEqual([]);
    expect(await found(db, 'deleted')).toEqual([]);
    expect(await found(db, 'kept')).toEqual(['m_keep']);
  });

  it('defers only inside its own transaction, even when the work fails', () => {
    const db = database();
    const deferred = () => readKey(db, 'sync_state', 'search_deferred');
    deferringSearch(db, () => expect(deferred()).toBe('1'));
    expect(deferred()).toBeNull();
    expect(() =>
      deferringSearch(db, () => {
        upsertMessage(db, message('m_lost', 'never stored'), false);
        throw new Error('the page failed');
      }),
    ).toThrow('the page failed');
    expect(deferred()).toBeNull();
    expect(hasSearchBacklog(db)).toBe(false);
    upsertMessage(db, message('m_later', 'indexed at once'), false);
    expect(hasSearchBacklog(db)).toBe(false);
    checkIndex(db);
  });
});
