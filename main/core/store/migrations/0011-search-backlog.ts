import type { Migration } from './migration.ts';

/**
 * Messages stored before they are searchable: a history page's messages go
 * to `search_backlog` instead of the full-text index, and are indexed in bulk
 * afterwards (see store/search-backlog.ts). Indexing as each row was stored
 * was a fifth of storing a message, and the writer thread is the slower side
 * of the initial sync.
 *
 * The `search_deferred` key of `sync_state` is set only inside the
 * transaction that stores such a page and removed before it commits, so no
 * other write ever sees it: every other insert is indexed at once, as before.
 *
 * The index keeps no copy of the text (`content = 'messages'`), so removing
 * a row from it needs the text it was indexed with, and removing a row it
 * never held corrupts it: a message deleted or edited while in the backlog
 * only leaves the backlog.
 */
export const searchBacklog: Migration = {
  version: 11,
  name: 'search-backlog',
  up(db) {
    db.exec(`
      CREATE TABLE search_backlog (seq INTEGER PRIMARY KEY) STRICT;

      DROP TRIGGER messages_fts_insert;
      DROP TRIGGER messages_fts_delete;
      DROP TRIGGER messages_fts_update;
      CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages
      WHEN NOT EXISTS (SELECT 1 FROM sync_state WHERE key = 'search_deferred') BEGIN
        INSERT INTO messages_fts (rowid, text) VALUES (new.seq, new.text);
      END;
      CREATE TRIGGER messages_backlog_insert AFTER INSERT ON messages
      WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'search_deferred') BEGIN
        INSERT INTO search_backlog (seq) VALUES (new.seq);
      END;
      CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, text)
          SELECT 'delete', old.seq, old.text
          WHERE NOT EXISTS (SELECT 1 FROM search_backlog WHERE seq = old.seq);
        DELETE FROM search_backlog WHERE seq = old.seq;
      END;
      CREATE TRIGGER messages_fts_update AFTER UPDATE OF text, seq ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, text)
          SELECT 'delete', old.seq, old.text
          WHERE NOT EXISTS (SELECT 1 FROM search_backlog WHERE seq = old.seq);
        DELETE FROM search_backlog WHERE seq = old.seq;
        INSERT INTO messages_fts (rowid, text) VALUES (new.seq, new.text);
      END;
    `);
  },
};
