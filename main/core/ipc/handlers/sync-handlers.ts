import type { SyncEngine } from '../../sync/sync-engine.ts';
import type { Handlers } from '../router.ts';

export function syncHandlers(
  engine: SyncEngine,
): Pick<Handlers, 'sync:now' | 'status:get' | 'app:activity'> {
  return {
    'sync:now': async () => (await engine.syncNow(), {}),
    'status:get': async () => engine.status(),
    'app:activity': async (activity) => (engine.setActivity(activity), {}),
  };
}
