import type { SQLInputValue } from 'node:sqlite';
import type { Database } from './database.ts';
import { statement } from './statement-cache.ts';

/**
 * Rows per statement, largest first: a few prepared shapes cover any number of
 * rows. Sixteen rather than more: storing 100,000 messages took 1.5 s of CPU
 * at 16 rows a statement, 1.7 s at 32 and 2.1 s at 64 (the full-text index
 * flushes at each statement either way; past 16 the statement itself costs more).
 */
const CHUNKS = [16, 8, 4, 2, 1];

/** The SQL of each shape, built once: rebuilding it for every statement cost a tenth of storing. */
const shapes = new Map<string, string>();

function shapeSql(head: string, tail: string, width: number, size: number) {
  const key = `${size}\n${head}`;
  let sql = shapes.get(key);
  if (sql === undefined) {
    const tuple = `(${Array.from({ length: width }, () => '?').join(', ')})`;
    sql = `${head} VALUES ${Array.from({ length: size }, () => tuple).join(', ')} ${tail}`;
    shapes.set(key, sql);
  }
  return sql;
}

/**
 * `head VALUES (...), (...) tail`, as few statements as the chunk sizes allow.
 * Plain bound values, not a JSON parameter the statement takes apart: the
 * encoding and extraction cost a third of storing a message. Parameters are
 * anonymous (`?`): node:sqlite looks each numbered one up by name, a cost that
 * grows with the square of a statement's parameters (a fifth of storing a
 * message at sixteen rows). Each `head` comes with one `tail` and width, so
 * the head names the shape.
 */
export function insertRows(
  db: Database,
  head: string,
  tail: string,
  rows: readonly unknown[][],
): void {
  const width = rows[0]?.length ?? 0;
  for (let at = 0; at < rows.length;) {
    const size = CHUNKS.find((chunk) => chunk <= rows.length - at) as number;
    const values = rows.slice(at, at + size).flat();
    statement(db, shapeSql(head, tail, width, size)).run(...(values as SQLInputValue[]));
    at += size;
  }
}
