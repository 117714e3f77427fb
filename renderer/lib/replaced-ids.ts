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
