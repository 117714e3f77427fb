import type { Migration } from './migration.ts';

/**
 * Two things every stored message paid for that were not needed:
 *
 * - `messages_recent` (created_at, id): the key is the creation time already
 *   (migration 8), so a range of times is a range of keys; the few readers
 *   that walked the index walk the keys (sync/reconciler.ts, sync/history.ts).
 * - `messages_backlog_insert`: while history is stored unindexed, a trigger
 *   put each new row in `search_backlog` by itself; the upsert that stores a
 *   page now puts them there in one statement (store/message-upserts.ts).
 *
 * Together a sixth of what storing history cost.
 */
export const lighterMessageInserts: Migration = {
  version: 20,
  name: 'lighter-message-inserts',
  up(db) {
    db.exec(`
      DROP INDEX messages_recent;
      DROP TRIGGER messages_backlog_insert;
    `);
  },
};
