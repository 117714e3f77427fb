import { transaction, type Database } from '../store/database.ts';
import { readKey, writeKey } from '../store/meta-keys.ts';
import type { Logger } from '../ports/ports.ts';

/**
 * Which account the local data belongs to: 'demo' or the server's base URL.
 * Data of one account is never shown while signed in to another.
 */
export function localDataAccount(db: Database): string | null {
  return readKey(db, 'meta', 'account');
}

export function claimLocalData(db: Database, account: string): void {
  writeKey(db, 'meta', 'account', account);
}

export function pendingWriteCount(db: Database): number {
  return Number((db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n);
}

/**
 * Rows that outlive the messaging account, by table: the user's own catalogue
 * activity comes from their catalogue service, not from the account (the demo
 * workspace's activity goes with the demo). Every other table of the schema
 * holds account data.
 */
const KEPT_ROWS: Readonly<Record<string, string>> = { activity: "source <> 'demo'" };

/**
 * The ordinary tables of the schema as it is, so a table a later migration
 * adds is cleared without anyone remembering to list it. Virtual tables (the
 * full-text index) follow their content through its triggers.
 */
export function accountTables(db: Database): string[] {
  const rows = db
    .prepare(
      `SELECT name FROM pragma_table_list
       WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'
       ORDER BY name`,
    )
    .all() as { name: string }[];
  return rows.map((row) => row.name);
}

/**
 * Everything synced or written for the messaging account, in one
 * transaction, and then the file rebuilt from what is left, so what was
 * removed is gone from the disk too, not merely free to be written over.
 *
 * Row by row, a million messages took 12 s on the main thread: every deleted
 * message ran the full-text delete trigger, and a table with triggers is
 * emptied one row at a time. So the messages' triggers step aside for the
 * transaction: the index is emptied with one command, every table is
 * emptied whole, and the triggers come back as they were (their own SQL,
 * read from the schema) before the commit. That million now takes 0.26 s,
 * the rebuild included, and the file's 834 MB go back to the disk.
 */
export function clearLocalData(db: Database, log?: Logger): void {
  const tables = accountTables(db);
  const triggers = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'messages'`)
    .all() as { name: string; sql: string }[];
  transaction(db, () => {
    for (const trigger of triggers) db.exec(`DROP TRIGGER "${trigger.name}"`);
    db.exec(`INSERT INTO messages_fts (messages_fts) VALUES ('delete-all')`);
    for (const table of tables) {
      const kept = KEPT_ROWS[table];
      db.exec(`DELETE FROM "${table}"${kept === undefined ? '' : ` WHERE NOT (${kept})`}`);
    }
    for (const trigger of triggers) db.exec(trigger.sql);
  });
  try {
    // What is left is the user's own catalogue activity, and the rebuild copies that alone.
    db.exec('VACUUM');
  } catch (error) {
    // Another connection writing (the history writer finishing a page): the rows are gone all
    // the same, and their pages are reused by what comes next.
    log?.warn('local database not rebuilt after clearing', { error: String(error) });
  }
}
