import type { EngineSlot } from '../../engine/engine-slot.ts';
import type { Handlers } from '../router.ts';

/** Status and activity answer at once, signed in or not; the engine need not have settled. */
export function syncHandlers(
  engines: EngineSlot,
): Pick<Handlers, 'sync:now' | 'status:get' | 'app:activity'> {
  return {
    'sync:now': async () => (await (await engines.current()).syncNow(), {}),
    'status:get': async () => engines.status(),
    'app:activity': async (activity) => (engines.setActivity(activity), {}),
  };
}
