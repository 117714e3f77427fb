import type { RelayStatus } from '../../../../shared/model/relay.ts';
import type { RelaySlot } from '../../engine/relay-slot.ts';
import type { Handlers } from '../router.ts';

/**
 * The user's relay (its address, its token, a connection test) and the state
 * of every relay the app pulls from, the demo's included. The token goes into
 * the vault with its address and never comes back.
 */
export function relayHandlers(deps: {
  relay: RelaySlot;
  demoStatus(): RelayStatus;
}): Pick<Handlers, 'relay:status' | 'relay:configure' | 'relay:test'> {
  return {
    'relay:status': async () => ({ relays: [deps.relay.status(), deps.demoStatus()] }),
    'relay:configure': (request) => deps.relay.configure(request),
    'relay:test': (request) => deps.relay.test(request),
  };
}
