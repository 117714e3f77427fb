import { keyBase, LATEST_MS, SLOTS_PER_MS } from '../search-order.ts';
import type { Migration } from './migration.ts';

/**
 * Message search listed matches in the order they were stored, which is not
 * the order they were written (an initial sync stores the newest first). The
 * messages are re-keyed by creation time (see search-order.ts) and the
 * full-text index rebuilt on the new keys; a key moves when its message's
 * time does. The table is copied in key order rather than updated in place:
 * moving a million rowids one by one took about four times as long.
 */
export const searchOrder: Migration = {
  version: 8,
  name: 'search-order',
  up(db) {
    db.exec(`
      DROP TABLE messages_fts;
      CREATE TABLE messages_keyed (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        conversation_id TEXT NOT NULL,
        sender_id TEXT NOT NULL,
        own INTEGER NOT NULL,
        text TEXT NOT NULL,
        reactions TEXT NOT NULL DEFAULT '[]',
        attachments TEXT NOT NULL DEFAULT '[]',
        read_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER,
        raw TEXT NOT NULL DEFAULT '{}',
        edited_at INTEGER
      ) STRICT;
      INSERT INTO messages_keyed (seq, id, conversation_id, sender_id, own, text, reactions,
        attachments, read_at, created_at, updated_at, raw, edited_at)
      SELECT CASE WHEN n < ${SLOTS_PER_MS} THEN base + n
               ELSE ${(LATEST_MS + 1) * SLOTS_PER_MS} + old END,
        id, conversation_id, sender_id, own, text, reactions, attachments, read_at, created_at,
        updated_at, raw, edited_at
      FROM (SELECT *, seq AS old, ${keyBase('created_at')} AS base,
              ROW_NUMBER() OVER (PARTITION BY ${keyBase('created_at')} ORDER BY seq) - 1 AS n
            FROM messages)
      ORDER BY 1;
      DROP TABLE messages;
      ALTER TABLE messages_keyed RENAME TO messages;
      CREATE INDEX messages_thread ON messages (conversation_id, created_at, id);
      CREATE INDEX messages_recent ON messages (created_at, id);
      CREATE INDEX messages_unread ON messages (conversation_id, created_at) WHERE own = 0;

      CREATE VIRTUAL TABLE messages_fts USING fts5 (
        text, content = 'messages', content_rowid = 'seq', tokenize = 'unicode61 remove_diacritics 2'
      );
      INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');
      CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
        INSERT INTO messages_fts (rowid, text) VALUES (new.seq, new.text);
      END;
      CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.seq, old.text);
      END;
      CREATE TRIGGER messages_fts_update AFTER UPDATE OF text, seq ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.seq, old.text);
        INSERT INTO messages_fts (rowid, text) VALUES (new.seq, new.text);
      END;
    `);
  },
};
