import type { Database } from './database.ts';
import { statement } from './statement-cache.ts';

/**
 * Messages are keyed (`seq`, the rowid the full-text index points at) by the
 * time they were created: the millisecond times 2^20, plus a counter for
 * messages of the same millisecond. Full-text matches stream in rowid order,
 * so "newest first" costs a page, not a sort of every match (a common word
 * in a million messages took 70–700 ms sorted by date, well under 1 ms this way).
 */
export const SLOTS_PER_MS = 1_048_576;
/** Times past this (about the year 2245) share its key range, so keys stay 64-bit integers. */
export const LATEST_MS = 8_700_000_000_000;

/** The time part of a key, from a created_at in milliseconds (any value the server sent). */
export const keyBase = (createdAt: string) =>
  `(MAX(0, MIN(${createdAt}, ${LATEST_MS})) * ${SLOTS_PER_MS})`;

/**
 * The next free key for a message created at `createdAt` (a SQL expression);
 * null when that millisecond's million slots are all taken, which lets SQLite
 * pick a free rowid rather than fail the insert.
 *
 * `offset` (a SQL expression, distinct for each row of one statement) keeps
 * the rows of a multi-row insert apart: SQLite computes every row's values
 * before it inserts the first (the table has triggers), so each sees the same
 * MAX(seq). Rows of a millisecond keep the order given; a few slots may go unused.
 */
export function timeOrderedSeq(createdAt: string, offset = '0'): string {
  // A JavaScript number is bound as a REAL, in which a key plus a small offset rounds back to the key.
  // `createdAt` appears once, so an anonymous parameter (`?`) can stand for it.
  return `(SELECT CASE
      WHEN newest IS NULL THEN base + ${offset}
      WHEN newest + ${offset} < base + ${SLOTS_PER_MS - 1} THEN newest + 1 + ${offset}
    END FROM (SELECT base,
        (SELECT MAX(seq) FROM messages WHERE seq BETWEEN base AND base + ${SLOTS_PER_MS - 1})
          AS newest
      FROM (SELECT ${keyBase(`CAST(${createdAt} AS INTEGER)`)} AS base)))`;
}

/**
 * The next free keys for messages created at `createdAt`, in the order
 * given, as timeOrderedSeq gives them one at a time: one look at the keys
 * already taken in their milliseconds, then counted on here. Null where a
 * millisecond's slots are all taken (SQLite picks a rowid then).
 *
 * A statement that reads the table it inserts into holds its rows back in a
 * temporary table before inserting any; with the keys bound as plain values
 * a page's insert reads nothing, and storing history took a fifth less.
 * Keys pass 2^53, so they are BigInts here and read back as such.
 */
export function nextSeqs(db: Database, createdAt: readonly number[]): (bigint | null)[] {
  const bases = createdAt.map(firstKeyAt);
  const taken = takenKeys(db, [...new Set(bases)]);
  return bases.map((base) => {
    const next = (taken.get(base) ?? base - 1n) + 1n;
    if (next > base + SLOT - 1n) return null;
    taken.set(base, next);
    return next;
  });
}

/** Keys read at most in one walk across a page's times, for each of its milliseconds. */
const WALK_PER_MILLISECOND = 4;

/**
 * The highest key taken in each of these milliseconds (by their first keys).
 * A page of history spans minutes in which little is stored yet, so one walk
 * across its keys answers for all its milliseconds; a few milliseconds, or a
 * span that holds many stored messages (a poll's page across a busy day, a
 * server's second of a thousand sends), are looked up one at a time instead.
 */
function takenKeys(db: Database, bases: readonly bigint[]): Map<bigint, bigint> {
  const taken = new Map<bigint, bigint>();
  let low = bases[0] as bigint;
  let high = low;
  for (const base of bases) {
    if (base < low) low = base;
    if (base > high) high = base;
  }
  const most = bases.length * WALK_PER_MILLISECOND;
  if (bases.length > 2) {
    const walk = statement(db, 'SELECT seq FROM messages WHERE seq BETWEEN ? AND ? LIMIT ?');
    walk.setReadBigInts(true);
    const keys = walk.all(low, high + SLOT - 1n, most) as { seq: bigint }[];
    if (keys.length < most) {
      for (const { seq } of keys) {
        const base = seq - (seq % SLOT);
        if (seq > (taken.get(base) ?? -1n)) taken.set(base, seq);
      }
      return taken;
    }
  }
  if (bases.length === 1) {
    const one = statement(db, 'SELECT MAX(seq) AS top FROM messages WHERE seq BETWEEN ? AND ?');
    one.setReadBigInts(true);
    const { top } = one.get(low, low + SLOT - 1n) as { top: bigint | null };
    if (top !== null) taken.set(low, top);
    return taken;
  }
  const each = statement(
    db,
    `SELECT value AS base,
       (SELECT MAX(seq) FROM messages WHERE seq BETWEEN value AND value + ${SLOTS_PER_MS - 1}) AS top
     FROM json_each(?)`,
  );
  each.setReadBigInts(true);
  for (const row of each.all(`[${bases.join(',')}]`) as { base: bigint; top: bigint | null }[]) {
    if (row.top !== null) taken.set(row.base, row.top);
  }
  return taken;
}

const SLOT = BigInt(SLOTS_PER_MS);

/**
 * The first key of the millisecond `createdAt`: every message created then
 * or later is keyed at or above it, so `seq >= firstKeyAt(t)` walks only the
 * keys a range of times from `t` can hold.
 */
export function firstKeyAt(createdAt: number): bigint {
  return BigInt(Math.min(Math.max(Math.trunc(createdAt) || 0, 0), LATEST_MS)) * SLOT;
}
