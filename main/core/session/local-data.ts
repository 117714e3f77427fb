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
 * Everything synced or written for the messaging account, and what the demo
 * workspace's catalogue sent; the user's own catalogue activity is kept.
 */
export function clearLocalData(db: Database): void {
  transaction(db, () => {
    for (const table of [
      'messages',
      'conversations',
      'contacts',
      'drafts',
      'outbox',
      'id_map',
      'sync_state',
      'meta',
    ]) {
      db.exec(`DELETE FROM ${table}`);
    }
    db.exec(`DELETE FROM activity WHERE source = 'demo'`);
  });
}
