import type { Migration } from './migration.ts';

/**
 * What the user wrote in a conversation that was then deleted elsewhere
 * (another device, the server): unsent messages and the draft. They are kept
 * here, outside any conversation, until the user copies, moves or dismisses them.
 */
export const keptUnsent: Migration = {
  version: 9,
  name: 'kept-unsent',
  up(db) {
    db.exec(`
      CREATE TABLE kept_unsent (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        conversation_id TEXT NOT NULL,
        conversation_title TEXT NOT NULL,
        text TEXT NOT NULL,
        kept_at INTEGER NOT NULL DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER))
      ) STRICT;
    `);
  },
};
