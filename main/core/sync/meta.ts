import type { Database } from '../store/database.ts';

/** Small durable values: `meta` for what we learned about the account, `sync_state` for progress. */
type KeyTable = 'meta' | 'sync_state';

export function readKey(db: Database, table: KeyTable, key: string): string | null {
  const row = db.prepare(`SELECT value FROM ${table} WHERE key = ?`).get(key) as
    { value: string } | undefined;
  return row?.value ?? null;
}

export function writeKey(db: Database, table: KeyTable, key: string, value: string | null): void {
  if (value === null) db.prepare(`DELETE FROM ${table} WHERE key = ?`).run(key);
  else
    db.prepare(
      `INSERT INTO ${table} (key, value) VALUES (?, ?)
       ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    ).run(key, value);
}
