import type { Migration } from './migration.ts';

/**
 * Conversations removed whose messages are still being deleted, a chunk per
 * turn (store/message-purge.ts). Deleting a long conversation's messages in
 * the removal's own transaction held the main thread about 0.5 s for 100,000
 * messages, each running the full-text delete trigger.
 */
export const messagePurges: Migration = {
  version: 14,
  name: 'message-purges',
  up(db) {
    db.exec('CREATE TABLE message_purges (conversation_id TEXT PRIMARY KEY) WITHOUT ROWID');
  },
};
