import type { Migration } from './migration.ts';

/**
 * When the text of a message last changed, as far as this app saw it. The
 * server's `updated_at` moves with reactions too, so it cannot say "Edited";
 * the app compares the text it had with the text it gets.
 */
export const messageEdited: Migration = {
  version: 7,
  name: 'message-edited',
  up(db) {
    db.exec(`ALTER TABLE messages ADD COLUMN edited_at INTEGER`);
  },
};
