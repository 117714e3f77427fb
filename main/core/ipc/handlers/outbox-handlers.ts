import type { EngineSlot } from '../../engine/engine-slot.ts';
import type { Handlers } from '../router.ts';

export function outboxHandlers(
  engines: EngineSlot,
): Pick<Handlers, 'outbox:list' | 'outbox:retry' | 'outbox:discard'> {
  const outbox = async () => (await engines.current()).outbox;
  return {
    'outbox:list': async () => ({ items: (await outbox()).list() }),
    'outbox:retry': async ({ id }) => ((await outbox()).retry(id), {}),
    'outbox:discard': async ({ id }) => ((await outbox()).discard(id), {}),
  };
}
