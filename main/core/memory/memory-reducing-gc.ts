import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * V8's collection that shrinks the heap and gives the pages back (the one it
 * runs under memory pressure), or null where it cannot be had. Neither Node
 * nor Electron offers it to the main process, but V8's `gc` extension does:
 * it is installed in contexts made while `--expose-gc` is set, so one is made
 * for it and the flag cleared again, leaving every other context as it was.
 */
export function memoryReducingGc(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('typeof gc === "function" ? gc : null');
    if (typeof gc !== 'function') return null;
    return () => (gc as Collect)({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } catch {
    return null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
