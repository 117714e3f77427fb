import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * V8's collection that shrinks the heap and gives the pages back (the one it
 * runs under memory pressure); a no-op where it cannot be had. Neither Node
 * nor Electron offers it to the main process, but V8's `gc` extension does:
 * it is installed in contexts made while `--expose-gc` is set, so one is made
 * for it and the flag cleared again, leaving every other context as it was.
 * That context (about 1 MB) is made at the first collection, not at start: a
 * window that is never hidden never needs it.
 */
export function memoryReducingGc(): () => void {
  let gc: Collect | null | undefined;
  return () => {
    gc ??= exposedGc();
    gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  };
}

function exposedGc(): Collect | null {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('typeof gc === "function" ? gc : null');
    return typeof gc === 'function' ? (gc as Collect) : null;
  } catch {
    return null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
