import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLocalData } from '../../../main/core/session/local-data.ts';
import { openDatabase, type Database } from '../../../main/core/store/database.ts';
import { upsertMessage } from '../../../main/core/store/record-upserts.ts';
import { deferringSearch } from '../../../main/core/store/search-backlog.ts';
import { ordinaryTables, rowCount, seedEveryTable } from '../../support/every-table.ts';
import { apiMessage, seedConversation } from '../../support/store-fixtures.ts';
import { tempDir } from '../../support/temp-dir.ts';

let db: Database;
afterEach(() => db.close());

const activitySources = (row: number) => ({ source: row === 1 ? 'catalogue' : 'demo' });

const message = (id: string, conversationId: string, text: string, createdAt: number) =>
  apiMessage({
    id,
    conversationId,
    senderId: conversationId.replace('c_', 'ct_'),
    text,
    createdAt,
  });

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

  it('gives the removed messages’ space back, and later messages are indexed and searchable', () => {
    const dir = tempDir('parley-clear-');
    db = openDatabase(join(dir.path, 'parley.db'));
    try {
      const pages = () =>
        (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
      seedConversation(db, { id: 'c_ann', contactId: 'ct_ann' });
      for (let i = 0; i < 500; i++) {
        upsertMessage(db, message(`m${i}`, 'c_ann', 'a long note '.repeat(200), i), false);
      }
      expect(pages()).toBeGreaterThan(500);
      clearLocalData(db);
      expect(pages()).toBeLessThan(100);

      seedConversation(db, { id: 'c_bo', contactId: 'ct_bo' });
      upsertMessage(db, message('m_new', 'c_bo', 'lighthouse', 1), false);
      db.exec(`INSERT INTO messages_fts (messages_fts, rank) VALUES ('integrity-check', 1)`);
      deferringSearch(db, () => upsertMessage(db, message('m_later', 'c_bo', 'harbour', 2), false));
      const found = db.prepare(`SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?`);
      expect(found.all('lighthouse')).toHaveLength(1);
      expect(rowCount(db, 'search_backlog')).toBe(1);
    } finally {
      db.close();
      db = openDatabase(':memory:');
      dir.remove();
    }
  });
});
