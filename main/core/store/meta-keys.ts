import { transaction, type Database } from './database.ts';
import { statement } from './statement-cache.ts';

/** Small durable values: `meta` for what we learned about the account, `sync_state` for progress. */
type KeyTable = 'meta' | 'sync_state';

export function readKey(db: Database, table: KeyTable, key: string): string | null {
  const row = statement(db, `SELECT value FROM ${table} WHERE key = ?`).get(key) as
    { value: string } | undefined;
  return row?.value ?? null;
}

/** In a transaction (the caller's, or one of its own) as every write: see write-gate.ts. */
export function writeKey(db: Database, table: KeyTable, key: string, value: string | null): void {
  transaction(db, () => {
    if (value === null) statement(db, `DELETE FROM ${table} WHERE key = ?`).run(key);
    else
      statement(
        db,
        `INSERT INTO ${table} (key, value) VALUES (?, ?)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
      ).run(key, value);
  });
}
