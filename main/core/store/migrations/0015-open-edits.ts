import type { Migration } from './migration.ts';

/**
 * The edit open in each conversation's composer, as typed so far, so it
 * survives quitting as a draft does (store/open-edits.ts). Before, it lived
 * only in the window, and Quit took the words with it.
 */
export const openEdits: Migration = {
  version: 15,
  name: 'open-edits',
  up(db) {
    db.exec(`CREATE TABLE open_edits (
      conversation_id TEXT PRIMARY KEY,
      message_id TEXT NOT NULL,
      text TEXT NOT NULL,
      updated_at INTEGER NOT NULL
    ) WITHOUT ROWID`);
  },
};
