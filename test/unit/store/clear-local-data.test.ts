import { afterEach, describe, expect, it } from 'vitest';
import { clearLocalData } from '../../../main/core/session/local-data.ts';
import { openDatabase, type Database } from '../../../main/core/store/database.ts';
import { upsertMessage } from '../../../main/core/store/record-upserts.ts';
import { deferringSearch } from '../../../main/core/store/search-backlog.ts';
import { ordinaryTables, rowCount, seedEveryTable } from '../../support/every-table.ts';
import { apiMessage, seedConversation } from '../../support/store-fixtures.ts';

let db: Database;
afterEach(() => db.close());

const activitySources = (row: number) => ({ source: row === 1 ? 'catalogue' : 'demo' });

describe('clearing local data on sign-out or an account switch', () => {
  it('empties every table of the schema but the user’s own catalogue activity', () => {
    db = openDatabase(':memory:');
    seedEveryTable(db, 2, { activity: activitySources });
    clearLocalData(db);

    const left = Object.fromEntries(
      ordinaryTables(db)
        .map((table) => [table, rowCount(db, table)] as const)
        .filter(([, count]) => count > 0),
    );
    expect(left).toEqual({ activity: 1 });
    expect(db.prepare('SELECT source FROM activity').all()).toEqual([{ source: 'catalogue' }]);
    expect(db.prepare(`SELECT COUNT(*) AS n FROM messages_fts`).get()).toEqual({ n: 0 });
    db.exec(`INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check')`);
  });

  it('leaves the full-text index whole when some messages were still waiting to be indexed', () => {
    db = openDatabase(':memory:');
    seedConversation(db, { id: 'c_ann', contactId: 'ct_ann' });
    const note = (id: string, createdAt: number) =>
      apiMessage({ id, conversationId: 'c_ann', senderId: 'ct_ann', text: 'a note', createdAt });
    upsertMessage(db, note('m_indexed', 1_000), false);
    deferringSearch(db, () => upsertMessage(db, note('m_waiting', 2_000), false));
    clearLocalData(db);
    expect(rowCount(db, 'search_backlog')).toBe(0);
    db.exec(`INSERT INTO messages_fts (messages_fts, rank) VALUES ('integrity-check', 1)`);
  });

  it('empties a table a later migration adds, with nobody listing it', () => {
    db = openDatabase(':memory:');
    db.exec(
      `CREATE TABLE message_bookmarks (message_id TEXT PRIMARY KEY, note TEXT NOT NULL) STRICT`,
    );
    seedEveryTable(db, 2, { activity: activitySources });
    clearLocalData(db);
    expect(rowCount(db, 'message_bookmarks')).toBe(0);
  });
});
