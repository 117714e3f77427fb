import type { Database } from '../../store/database.ts';
import type { ReadRows } from '../../store/read-worker.ts';
import { conversationReadHandlers } from './conversation-read-handlers.ts';
import { localStateHandlers, type LocalStateDeps } from './local-state-handlers.ts';
import { messageReadHandlers } from './message-read-handlers.ts';

/**
 * Every channel answered from the local database alone: reads and device-local
 * state. `read` runs the reads whose cost depends on the data (search) off the
 * main thread.
 */
export function storeReadHandlers(db: Database, deps: LocalStateDeps & { read: ReadRows }) {
  return {
    ...conversationReadHandlers(db),
    ...messageReadHandlers(db, deps.read),
    ...localStateHandlers(db, deps),
  };
}
