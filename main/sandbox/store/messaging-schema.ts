/**
 * The sandbox's own database: a mailbox per user. Conversation ids are shared
 * by the participants (one per contact pair, one per group); each participant
 * has a membership row with their own state, and their own copy of every
 * message delivered to them (same message id), so one side deleting never
 * touches the other's.
 *
 * Schema version 1 as it shipped: change it with a new step in schema/steps.ts, never here.
 * `IF NOT EXISTS` lets a file made before versioning, and found to match, be adopted.
 */
export const MESSAGING_TABLES_V1 = `
  CREATE TABLE IF NOT EXISTS contacts (
    id TEXT PRIMARY KEY,
    username TEXT NOT NULL,
    phone_number TEXT NOT NULL,
    avatar_url TEXT NOT NULL,
    simulated INTEGER NOT NULL DEFAULT 0,
    last_active_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE IF NOT EXISTS groups (
    id TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE IF NOT EXISTS group_members (
    group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    contact_id TEXT NOT NULL REFERENCES contacts(id),
    PRIMARY KEY (group_id, contact_id)
  ) STRICT, WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS threads (
    id TEXT PRIMARY KEY,
    group_id TEXT UNIQUE,
    contact_a TEXT,
    contact_b TEXT,
    created_at INTEGER NOT NULL,
    UNIQUE (contact_a, contact_b)
  ) STRICT;
  CREATE TABLE IF NOT EXISTS memberships (
    owner_id TEXT NOT NULL,
    conversation_id TEXT NOT NULL REFERENCES threads(id),
    contact_id TEXT,
    group_id TEXT,
    pinned_message_id TEXT,
    is_pinned INTEGER NOT NULL DEFAULT 0,
    is_muted INTEGER NOT NULL DEFAULT 0,
    last_active_at INTEGER,
    last_opened_at INTEGER,
    archived_at INTEGER,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (owner_id, conversation_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS memberships_newest
    ON memberships (owner_id, created_at DESC, conversation_id DESC);
  CREATE INDEX IF NOT EXISTS memberships_of_thread ON memberships (conversation_id);
  CREATE TABLE IF NOT EXISTS messages (
    owner_id TEXT NOT NULL,
    id TEXT NOT NULL,
    conversation_id TEXT NOT NULL,
    sender_id TEXT NOT NULL,
    body TEXT NOT NULL,
    reactions TEXT NOT NULL DEFAULT '{}',
    attachments TEXT NOT NULL DEFAULT '[]',
    read_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER,
    PRIMARY KEY (owner_id, id)
  ) STRICT;
  CREATE INDEX IF NOT EXISTS messages_newest_in_conversation
    ON messages (owner_id, conversation_id, created_at DESC, id DESC);
  CREATE INDEX IF NOT EXISTS messages_newest ON messages (owner_id, created_at DESC, id DESC);
  CREATE INDEX IF NOT EXISTS messages_copies ON messages (id);
  CREATE TABLE IF NOT EXISTS idempotency_keys (
    user_id TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status INTEGER,
    body TEXT,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, key)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS idempotency_keys_age ON idempotency_keys (created_at);
  -- Unused since user_version numbers the schema (it marked a seeded file); kept so files made
  -- before then still match version 1.
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
`;
