import type { StatementSync } from 'node:sqlite';
import type { Database } from './database.ts';

const caches = new WeakMap<Database, Map<string, StatementSync>>();

/**
 * Prepares each distinct SQL text once per connection: the read queries run on
 * every scroll and keystroke, and preparing costs more than running them.
 */
export function statement(db: Database, sql: string): StatementSync {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}
