import type { Migration } from './migration.ts';

/**
 * A conversation's pictures and files, as its info lists them, newest first
 * (store/conversation-info.ts). Through the thread index that meant reading
 * every message of the conversation to find the few with attachments; this
 * index holds only those, so the writes of messages without any (nearly all
 * of them) do not touch it.
 */
export const attachmentIndex: Migration = {
  version: 16,
  name: 'attachment-index',
  up(db) {
    db.exec(`CREATE INDEX messages_with_attachments ON messages (conversation_id, created_at, id)
      WHERE attachments != '[]'`);
  },
};
