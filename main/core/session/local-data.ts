import { transaction, type Database } from '../store/database.ts';
import { readKey, writeKey } from '../store/meta-keys.ts';

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
 * transaction. Messages go first: their delete trigger reads the search
 * backlog to know which of them the full-text index holds
 * (store/search-backlog.ts), so the backlog must still be there.
 */
export function clearLocalData(db: Database): void {
  const tables = accountTables(db);
  transaction(db, () => {
    for (const table of ['messages', ...tables.filter((name) => name !== 'messages')]) {
      const kept = KEPT_ROWS[table];
      db.exec(`DELETE FROM "${table}"${kept === undefined ? '' : ` WHERE NOT (${kept})`}`);
    }
  });
}
