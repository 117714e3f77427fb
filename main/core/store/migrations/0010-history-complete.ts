import type { Migration } from './migration.ts';

/**
 * Older history arrives after sign-in, in the background or when the user
 * scrolls a thread past what is stored. `history_complete` marks a
 * conversation whose every message the server lists is stored here, so its
 * thread stops asking the server for older pages.
 *
 * The saved sync progress splits in two: `initial_sync` (the conversation
 * list and the newest pages, what sign-in waits for) and `history` (the
 * rest). A sync that had reached its messages phase had the list, so only
 * its history goes on, from where it was.
 */
export const historyComplete: Migration = {
  version: 10,
  name: 'history-complete',
  up(db) {
    db.exec(`ALTER TABLE conversations ADD COLUMN history_complete INTEGER NOT NULL DEFAULT 0`);
    const row = db.prepare(`SELECT value FROM sync_state WHERE key = 'initial_sync'`).get() as
      { value: string } | undefined;
    if (!row) return;
    let old: Partial<Record<'phase' | 'cursor' | 'perConversation' | 'pages' | 'items', unknown>>;
    try {
      old = JSON.parse(row.value) as typeof old;
    } catch {
      return;
    }
    if (old.phase === 'conversations') return;
    const count = (value: unknown) => (Number.isInteger(value) ? (value as number) : 0);
    const save = db.prepare(
      `INSERT INTO sync_state (key, value) VALUES (?, ?)
       ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    );
    save.run(
      'initial_sync',
      JSON.stringify({
        phase: 'done',
        cursor: null,
        pages: count(old.pages),
        items: count(old.items),
      }),
    );
    const perConversation = old.perConversation === true;
    save.run(
      'history',
      JSON.stringify({
        mode: perConversation ? 'per-conversation' : 'feed',
        cursor: !perConversation && typeof old.cursor === 'string' ? old.cursor : null,
        done: old.phase === 'done',
        pages: 0,
        items: 0,
      }),
    );
  },
};
