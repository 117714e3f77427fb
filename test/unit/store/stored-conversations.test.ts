import { describe, expect, it } from 'vitest';
import { ChangeBatch } from '../../../main/core/events/change-batch.ts';
import { removeConversation } from '../../../main/core/store/record-upserts.ts';
import {
  missingConversations,
  rememberingMissing,
} from '../../../main/core/store/stored-conversations.ts';
import { memoryDatabase, seedConversation } from '../../support/store-fixtures.ts';

describe('conversations a page names that are not stored', () => {
  it('are those with no row, each named once', () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'c1', contactId: 'ann' });
    expect(missingConversations(db, ['c1', 'c2', 'c3'])).toEqual(['c2', 'c3']);
    expect(missingConversations(db, [])).toEqual([]);
  });

  it('over a run of pages, looks up each conversation found stored once', () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'c1', contactId: 'ann' });
    const missing = rememberingMissing(db);
    expect(missing(['c1', 'c2'])).toEqual(['c2']);
    seedConversation(db, { id: 'c2', contactId: 'bob' });
    expect(missing(['c1', 'c2'])).toEqual([]);
    // Behind the store's back, so only a lookup would see it: c1 is remembered instead.
    db.exec(`DELETE FROM conversations WHERE id = 'c1'`);
    expect(missing(['c1'])).toEqual([]);
  });

  it('forgets what it found once a conversation is removed, so none is taken as stored', () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'c1', contactId: 'ann' });
    seedConversation(db, { id: 'c2', contactId: 'bob' });
    const missing = rememberingMissing(db);
    expect(missing(['c1', 'c2'])).toEqual([]);
    removeConversation(db, 'c1', new ChangeBatch());
    expect(missing(['c1', 'c2'])).toEqual(['c1']);
    seedConversation(db, { id: 'c1', contactId: 'ann' });
    expect(missing(['c1', 'c2'])).toEqual([]);
  });
});
