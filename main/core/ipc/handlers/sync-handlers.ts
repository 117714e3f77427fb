import type { EngineSlot } from '../../engine/engine-slot.ts';
import type { HeapTrim } from '../../memory/heap-trim.ts';
import type { Handlers } from '../router.ts';

/**
 * Status and activity answer at once, signed in or not; the engine need not
 * have settled. Older history is fetched from the server on demand. The
 * window's activity paces polling, and its absence lets the heap be trimmed.
 */
export function syncHandlers(
  engines: EngineSlot,
  heap: Pick<HeapTrim, 'setBackground'>,
): Pick<Handlers, 'sync:now' | 'status:get' | 'app:activity' | 'messages:fetchOlder'> {
  return {
    'sync:now': async () => (await (await engines.current()).syncNow(), {}),
    'status:get': async () => engines.status(),
    'app:activity': async (activity) => {
      engines.setActivity(activity);
      heap.setBackground(!activity.visible);
      return {};
    },
    'messages:fetchOlder': async ({ conversationId }) => ({
      olderOnServer: await (await engines.current()).history.fetchOlder(conversationId),
    }),
  };
}
