import type { ChangesEvent } from '../../shared/ipc/events.ts';

/** A local id the server's replaced, as a `changes` event names it. */
export type ReplacedId = ChangesEvent['replacedIds'][number];

/**
 * Local ids the server replaced while a store held something under them,
 * each to the id it goes on under. A write under such an id that lands
 * after its replacement (the text of a send refused just then, put back in
 * the composer) goes to the server's id, where the composer now reads, as
 * the core's id map sends late requests on. Only ids the store held are
 * kept: every confirmed message is replaced too.
 */
export type Replacements = Readonly<Record<string, string>>;

/**
 * What is kept per conversation under a local id, moved to the server's id
 * that replaced it (an entry the server's id already has stays as it is),
 * and the replacements of the ids held, added to those `seen`. Answers the
 * same record and `seen` when the record held none of the replaced ids.
 */
export function followReplacedKeys<T>(
  record: Record<string, T>,
  seen: Replacements,
  replaced: readonly ReplacedId[],
): { record: Record<string, T>; moved: ReplacedId[]; seen: Replacements } {
  const held = replaced.filter(({ from }) => from in record);
  if (held.length === 0) return { record, moved: [], seen };
  const moved = held.filter(({ to }) => !(to in record));
  const followed = { ...record };
  for (const { from, to } of moved) {
    followed[to] = followed[from] as T;
    delete followed[from];
  }
  return {
    record: moved.length > 0 ? followed : record,
    moved,
    seen: { ...seen, ...Object.fromEntries(held.map(({ from, to }) => [from, to])) },
  };
}

export const currentId = (seen: Replacements, id: string): string => seen[id] ?? id;
