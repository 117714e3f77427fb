import type { EngineSlot } from '../../engine/engine-slot.ts';
import type { Handlers } from '../router.ts';

/**
 * Status and activity answer at once, signed in or not; the engine need not
 * have settled. Older history is fetched from the server on demand.
 */
export function syncHandlers(
  engines: EngineSlot,
): Pick<Handlers, 'sync:now' | 'status:get' | 'app:activity' | 'messages:fetchOlder'> {
  return {
    'sync:now': async () => (await (await engines.current()).syncNow(), {}),
    'status:get': async () => engines.status(),
    'app:activity': async (activity) => (engines.setActivity(activity), {}),
    'messages:fetchOlder': async ({ conversationId }) => ({
      olderOnServer: await (await engines.current()).history.fetchOlder(conversationId),
    }),
  };
}
