import type { ChangesEvent } from '../../shared/ipc/events.ts';

/** A local id the server's replaced, as a `changes` event names it. */
export type ReplacedId = ChangesEvent['replacedIds'][number];

/**
 * What is kept per conversation under a local id, moved to the server's id
 * that replaced it; an entry the server's id already has stays as it is.
 * Answers the same record when nothing moved.
 */
export function followReplacedKeys<T>(
  record: Record<string, T>,
  replaced: readonly ReplacedId[],
): { record: Record<string, T>; moved: ReplacedId[] } {
  const moved = replaced.filter(({ from, to }) => from in record && !(to in record));
  if (moved.length === 0) return { record, moved };
  const followed = { ...record };
  for (const { from, to } of moved) {
    followed[to] = followed[from] as T;
    delete followed[from];
  }
  return { record: followed, moved };
}

/**
 * Local ids the server replaced while a store held something under them,
 * each to the id it goes on under. A write under such an id that lands
 * after its replacement (the text of a send refused just then, put back in
 * the composer) goes to the server's id, where the composer now reads, as
 * the core's id map sends late requests on. Only ids the store held are
 * kept: every confirmed message is replaced too.
 */
export type Replacements = Readonly<Record<string, string>>;

export function withReplacements(
  seen: Replacements,
  replaced: readonly ReplacedId[],
  held: Readonly<Record<string, unknown>>,
): Replacements {
  const learned = replaced.filter(({ from }) => from in held);
  if (learned.length === 0) return seen;
  return { ...seen, ...Object.fromEntries(learned.map(({ from, to }) => [from, to])) };
}

export const currentId = (seen: Replacements, id: string): string => seen[id] ?? id;
