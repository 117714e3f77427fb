import { transaction, type Database } from './database.ts';
import { inTurns } from './in-turns.ts';
import { writeKey } from './meta-keys.ts';
import { statement } from './statement-cache.ts';

/**
 * Messages stored but not searchable yet (migrations/0011-search-backlog.ts):
 * a history page is stored with its messages left out of the full-text
 * index, and the backlog is indexed in bulk once history rests. Indexed in
 * chunks of a few thousand, 100,000 messages took about 0.17 s; indexed as
 * each row was stored, about 0.3 s, all of it on the writer thread while
 * the initial sync waited for it.
 */

/** Read by the full-text insert trigger (migrations/0011-search-backlog.ts). */
const DEFERRED = 'search_deferred';

/** Connections inside `deferringSearch` now. */
const deferring = new WeakSet<Database>();

/**
 * Runs `work` in one transaction, its new messages going to the backlog
 * instead of the index: the key tells the insert trigger to leave them out,
 * and the upsert that stores them puts them in the backlog
 * (`toSearchBacklog`).
 */
export function deferringSearch<T>(db: Database, work: () => T): T {
  return transaction(db, () => {
    writeKey(db, 'sync_state', DEFERRED, '1');
    deferring.add(db);
    try {
      return work();
    } finally {
      deferring.delete(db);
      // Removed before the commit, so no other write ever sees it.
      writeKey(db, 'sync_state', DEFERRED, null);
    }
  });
}

/**
 * Messages just inserted on `db`: if it is storing them unindexed, they go
 * to the backlog (by their keys, or by their ids where SQLite chose the key).
 */
export function toSearchBacklog(
  db: Database,
  inserted: readonly { id: string; seq: bigint | null }[],
): void {
  if (!deferring.has(db) || inserted.length === 0) return;
  const keyed = inserted.filter((row) => row.seq !== null).map((row) => row.seq);
  if (keyed.length > 0) {
    statement(db, 'INSERT INTO search_backlog (seq) SELECT value FROM json_each(?)').run(
      `[${keyed.join(',')}]`,
    );
  }
  const unkeyed = inserted.filter((row) => row.seq === null).map((row) => row.id);
  if (unkeyed.length > 0) {
    statement(
      db,
      `INSERT INTO search_backlog (seq)
       SELECT seq FROM messages WHERE id IN (SELECT value FROM json_each(?))`,
    ).run(JSON.stringify(unkeyed));
  }
}

/** Whether some stored message is not searchable yet. */
export function hasSearchBacklog(db: Database): boolean {
  return (
    statement(db, 'SELECT EXISTS (SELECT 1 FROM search_backlog) AS waiting').get()?.waiting === 1
  );
}

/**
 * Indexes up to `count` messages of the backlog, oldest first, in one
 * transaction; says whether any are left. Keys stay in SQL: they pass
 * JavaScript's safe integers (see search-order.ts).
 */
export function indexSearchBacklog(db: Database, count: number): boolean {
  const chunk = 'SELECT seq FROM search_backlog ORDER BY seq LIMIT $count';
  return transaction(db, () => {
    statement(
      db,
      `INSERT INTO messages_fts (rowid, text)
       SELECT m.seq, m.text FROM (${chunk}) JOIN messages m USING (seq)`,
    ).run({ $count: count });
    statement(db, `DELETE FROM search_backlog WHERE seq IN (${chunk})`).run({ $count: count });
    return hasSearchBacklog(db);
  });
}

/** Messages indexed per turn on the main thread: a few milliseconds. */
const CHUNK_PER_TURN = 1_000;

/**
 * The backlog indexed on this connection `chunk` messages per turn of the
 * event loop, so what else the thread does (IPC and timers; pages to store,
 * on the writer's thread) goes on between chunks; until it is empty or
 * `stopped()`.
 */
export async function indexSearchBacklogInTurns(
  db: Database,
  stopped: () => boolean,
  chunk = CHUNK_PER_TURN,
): Promise<void> {
  await inTurns(() => indexSearchBacklog(db, chunk), stopped);
}
