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

/**
 * The SQL of each shape, built once, found by its head and tail as given (the
 * callers' constants), never by a key made of them: rebuilding the SQL for
 * every statement cost a tenth of storing, and joining a key of its texts
 * and hashing it for every statement a twentieth.
 */
const shapes = new Map<string, Map<string, string[]>>();

function shapeSql(head: string, tail: string, width: number, size: number) {
  let byTail = shapes.get(head);
  if (byTail === undefined) shapes.set(head, (byTail = new Map()));
  let bySize = byTail.get(tail);
  if (bySize === undefined) byTail.set(tail, (bySize = []));
  let sql = bySize[size];
  if (sql === undefined) {
    const tuple = `(${Array.from({ length: width }, () => '?').join(', ')})`;
    sql = `${head} VALUES ${Array.from({ length: size }, () => tuple).join(', ')} ${tail}`;
    bySize[size] = sql;
  }
  return sql;
}

/**
 * `head VALUES (...), (...) tail`, as few statements as the chunk sizes allow.
 * Plain bound values, not a JSON parameter the statement takes apart: the
 * encoding and extraction cost a third of storing a message. Parameters are
 * anonymous (`?`): node:sqlite looks each numbered one up by name, a cost that
 * grows with the square of a statement's parameters (a fifth of storing a
 * message at sixteen rows). A `head` has one width, so it and the `tail`
 * name the shape.
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
    const values: unknown[] = [];
    for (let row = at; row < at + size; row++) values.push(...(rows[row] as unknown[]));
    statement(db, shapeSql(head, tail, width, size)).run(...(values as SQLInputValue[]));
    at += size;
  }
}
