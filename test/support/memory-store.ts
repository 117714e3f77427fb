import type { KeyValueStore } from '../../main/core/ports/ports.ts';

/** The settings port kept in memory, for tests that need no file. */
export function memoryKeyValueStore(initial: Record<string, unknown> = {}): KeyValueStore & {
  values: Map<string, unknown>;
} {
  const values = new Map(Object.entries(initial));
  return {
    values,
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
  };
}
