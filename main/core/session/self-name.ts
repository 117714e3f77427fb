import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { Database } from '../store/database.ts';
import { readSelf } from '../store/self-identity.ts';
import type { SessionService } from './session-service.ts';

/**
 * Sync learns who the user is from their own messages (store/self-identity.ts),
 * after sign-in: the session is announced again when it does, so the window
 * knows the name its mentions and reactions are matched against. Returns
 * the unsubscribe.
 */
export function followSelfName(deps: {
  db: Database;
  session: SessionService;
  emit(event: CoreEvent): void;
  subscribe(listener: (event: CoreEvent) => void): () => void;
}): () => void {
  let last = readSelf(deps.db)?.username ?? null;
  return deps.subscribe((event) => {
    if (event.type !== 'changes') return;
    const name = readSelf(deps.db)?.username ?? null;
    if (name === last) return;
    last = name;
    deps.emit({ type: 'session', session: deps.session.get() });
  });
}
