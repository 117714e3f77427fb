import type { Database } from '../../store/database.ts';
import { conversationReadHandlers } from './conversation-read-handlers.ts';
import { localStateHandlers, type LocalStateDeps } from './local-state-handlers.ts';
import { messageReadHandlers } from './message-read-handlers.ts';

/** Every channel answered from the local database alone: reads and device-local state. */
export function storeReadHandlers(db: Database, deps: LocalStateDeps) {
  return {
    ...conversationReadHandlers(db),
    ...messageReadHandlers(db),
    ...localStateHandlers(db, deps),
  };
}
