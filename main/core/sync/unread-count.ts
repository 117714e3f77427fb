import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { Clock, Notifier } from '../ports/ports.ts';
import type { Database } from '../store/database.ts';
import { unreadTotal } from './incoming-notifications.ts';

/** Changes come in bursts (a sync round, a read marker per scroll); the count follows once per burst. */
const SETTLE_MS = 250;

/**
 * Keeps the badge and the tray's count in step with the database: after any
 * change, whoever made it (a sync round, reading in the app, "Mark as read"
 * on a notification), and once at start.
 */
export function followUnreadCount(deps: {
  db: Database;
  notifier: Notifier;
  clock: Clock;
  subscribe(listener: (event: CoreEvent) => void): () => void;
}): { refresh(): void; stop(): void } {
  let timer: { cancel(): void } | null = null;
  let last = -1;
  let stopped = false;
  const refresh = () => {
    timer = null;
    if (stopped) return;
    const count = unreadTotal(deps.db);
    if (count === last) return;
    last = count;
    deps.notifier.setUnreadCount(count);
  };
  const unsubscribe = deps.subscribe((event) => {
    if (event.type === 'changes' && timer === null && !stopped) {
      timer = deps.clock.setTimeout(refresh, SETTLE_MS);
    }
  });
  return {
    refresh,
    stop() {
      stopped = true;
      timer?.cancel();
      unsubscribe();
    },
  };
}
