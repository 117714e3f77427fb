import type { Migration } from './migration.ts';

/**
 * Counting a conversation's unread messages (others' messages after the read
 * marker) walked every message of the conversation; every confirmed write
 * recounts, so a long thread made each send slower.
 */
export const unreadIndex: Migration = {
  version: 5,
  name: 'unread-index',
  up(db) {
    db.exec(`CREATE INDEX messages_unread ON messages (conversation_id, created_at) WHERE own = 0`);
  },
};
