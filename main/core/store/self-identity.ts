import type { Database } from './database.ts';

export interface SelfIdentity {
  contactId: string | null;
  username: string | null;
}

/** Who the signed-in user is, as far as sync has learned it (`meta` keys). */
export function readSelfIdentity(db: Database): SelfIdentity {
  const rows = db
    .prepare(`SELECT key, value FROM meta WHERE key IN ('self_contact_id', 'self_username')`)
    .all() as { key: string; value: string }[];
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? null;
  return { contactId: value('self_contact_id'), username: value('self_username') };
}
