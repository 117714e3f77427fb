/** The pause in typing after which what was typed is saved. */
const TYPING_PAUSE_MS = 500;

/**
 * Saves what is typed per key (a conversation) once typing pauses, so a burst
 * of keys costs one save; `flush` saves at once (switching away, sending,
 * the window going), and `move` sends a pending save on under the id that
 * replaced its key.
 */
export function keyedSaver<T>(save: (key: string, value: T) => void) {
  const pending = new Map<string, { timer: ReturnType<typeof setTimeout>; value: T }>();
  const now = (key: string) => {
    const entry = pending.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    pending.delete(key);
    save(key, entry.value);
  };
  const schedule = (key: string, value: T) => {
    clearTimeout(pending.get(key)?.timer);
    pending.set(key, { timer: setTimeout(() => now(key), TYPING_PAUSE_MS), value });
  };
  return {
    schedule,
    flush: now,
    flushAll: () => [...pending.keys()].forEach(now),
    move(from: string, to: string) {
      const entry = pending.get(from);
      if (!entry) return;
      clearTimeout(entry.timer);
      pending.delete(from);
      schedule(to, entry.value);
    },
  };
}
