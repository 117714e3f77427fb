import type { Migration } from './migration.ts';

/**
 * Conversations whose derived columns wait for a history page's messages
 * (store/derived-pending.ts). Kept in the database, not in memory, so a
 * history stopped by a crash between a page and its settling still has them
 * brought up to date on the next start.
 */
export const derivedPending: Migration = {
  version: 19,
  name: 'derived-pending',
  up(db) {
    db.exec('CREATE TABLE derived_pending (conversation_id TEXT PRIMARY KEY) WITHOUT ROWID');
  },
};
