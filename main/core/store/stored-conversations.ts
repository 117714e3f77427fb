import type { Database } from './database.ts';
import { statement } from './statement-cache.ts';

/** Conversations removed so far on each connection (`deleteConversationRows`). */
const removals = new WeakMap<Database, number>();

/** Told of every conversation row deleted, so what is remembered below never outlives it. */
export function noteConversationRemoved(db: Database): void {
  removals.set(db, (removals.get(db) ?? 0) + 1);
}

/** Those of `ids` with no conversation stored. */
export function missingConversations(db: Database, ids: readonly string[]): string[] {
  if (ids.length === 0) return [];
  return (
    statement(
      db,
      `SELECT value AS id FROM json_each(?)
       WHERE NOT EXISTS (SELECT 1 FROM conversations WHERE id = value)`,
    ).all(JSON.stringify(ids)) as { id: string }[]
  ).map((row) => row.id);
}

/**
 * `missingConversations` for a long run of pages: each conversation found
 * stored is remembered until a conversation is removed on this connection
 * (the only one that removes them), so it is looked up once. A history
 * feed's page names about a hundred conversations, nearly all stored once
 * the list is: looking all of them up was 56 ms of the main thread's CPU
 * for 1,000 pages, remembering them 12 ms, and that thread's work is what
 * the feed's chain of requests waits for.
 */
export function rememberingMissing(db: Database): (ids: readonly string[]) => string[] {
  const stored = new Set<string>();
  let seen = removals.get(db) ?? 0;
  return (ids) => {
    const now = removals.get(db) ?? 0;
    if (now !== seen) {
      stored.clear();
      seen = now;
    }
    const asked = ids.filter((id) => !stored.has(id));
    const missing = missingConversations(db, asked);
    const absent = new Set(missing);
    for (const id of asked) if (!absent.has(id)) stored.add(id);
    return missing;
  };
}
