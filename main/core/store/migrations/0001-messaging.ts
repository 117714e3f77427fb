import type { Migration } from './migration.ts';

/**
 * The messaging side of the local database. All timestamps are epoch
 * milliseconds, whatever unit the server uses. `raw` keeps the server's JSON
 * so unknown fields survive.
 */
export const messaging: Migration = {
  version: 1,
  name: 'messaging',
  up(db) {
    db.exec(`
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      CREATE TABLE conversations (
        id TEXT PRIMARY KEY,
        contact_id TEXT,
        group_id TEXT,
        pinned_message_id TEXT,
        is_pinned INTEGER NOT NULL DEFAULT 0,
        is_muted INTEGER NOT NULL DEFAULT 0,
        muted_until INTEGER,
        is_archived INTEGER NOT NULL DEFAULT 0,
        archived_at INTEGER,
        last_active_at INTEGER,
        last_opened_at INTEGER,
        created_at INTEGER NOT NULL,
        local_name TEXT,
        last_message_id TEXT,
        sort_at INTEGER NOT NULL,
        read_up_to INTEGER NOT NULL DEFAULT 0,
        unread_count INTEGER NOT NULL DEFAULT 0,
        raw TEXT NOT NULL DEFAULT '{}'
      ) STRICT;
      CREATE INDEX conversations_by_archived ON conversations (is_archived, is_pinned DESC, sort_at DESC, id);
      CREATE INDEX conversations_by_pinned ON conversations (is_pinned, sort_at DESC, id);
      CREATE INDEX conversations_by_muted ON conversations (is_muted, sort_at DESC, id);
      CREATE INDEX conversations_by_group ON conversations (group_id, sort_at DESC, id);
      CREATE INDEX conversations_by_contact ON conversations (contact_id);
      CREATE INDEX conversations_unread ON conversations (is_archived, unread_count) WHERE unread_count > 0;

      CREATE TABLE contacts (
        id TEXT PRIMARY KEY,
        username TEXT NOT NULL,
        phone_number TEXT,
        avatar_url TEXT,
        last_active_at INTEGER,
        created_at INTEGER,
        seen_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX contacts_by_username ON contacts (username COLLATE NOCASE);

      CREATE TABLE messages (
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
        raw TEXT NOT NULL DEFAULT '{}'
      ) STRICT;
      CREATE INDEX messages_thread ON messages (conversation_id, created_at, id);
      CREATE INDEX messages_recent ON messages (created_at, id);

      CREATE VIRTUAL TABLE messages_fts USING fts5 (
        text, content = 'messages', content_rowid = 'seq', tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
        INSERT INTO messages_fts (rowid, text) VALUES (new.seq, new.text);
      END;
      CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.seq, old.text);
      END;
      CREATE TRIGGER messages_fts_update AFTER UPDATE OF text ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.seq, old.text);
        INSERT INTO messages_fts (rowid, text) VALUES (new.seq, new.text);
      END;

      CREATE TABLE drafts (
        conversation_id TEXT PRIMARY KEY,
        text TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        conversation_id TEXT,
        target_id TEXT,
        payload TEXT NOT NULL,
        idempotency_key TEXT NOT NULL UNIQUE,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'in-flight', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX outbox_queue ON outbox (state, conversation_id, id);
      CREATE INDEX outbox_by_target ON outbox (target_id);

      CREATE TABLE id_map (
        local_id TEXT PRIMARY KEY,
        server_id TEXT NOT NULL
      ) STRICT;

      CREATE TABLE sync_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
    `);
  },
};
