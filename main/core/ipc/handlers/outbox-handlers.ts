import type { SyncEngine } from '../../sync/sync-engine.ts';
import type { Handlers } from '../router.ts';

export function outboxHandlers(
  engine: SyncEngine,
): Pick<Handlers, 'outbox:list' | 'outbox:retry' | 'outbox:discard'> {
  return {
    'outbox:list': async () => ({ items: engine.outbox.list() }),
    'outbox:retry': async ({ id }) => (engine.outbox.retry(id), {}),
    'outbox:discard': async ({ id }) => (engine.outbox.discard(id), {}),
  };
}
