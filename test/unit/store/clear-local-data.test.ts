import { afterEach, describe, expect, it } from 'vitest';
import { clearLocalData } from '../../../main/core/session/local-data.ts';
import { openDatabase, type Database } from '../../../main/core/store/database.ts';
import { ordinaryTables, rowCount, seedEveryTable } from '../../support/every-table.ts';

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
