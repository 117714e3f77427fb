import { followingStatus, idleRelayStatus, type RelayStatus } from '../../../shared/model/relay.ts';
import type { Clock } from '../ports/ports.ts';
import type { ActivitySource } from '../webhooks/activity-log.ts';

/**
 * What the Activity view shows of a relay: connected and the time of the
 * last event, or unreachable since when and why. `since` keeps the start of
 * a state across repeats (the first failure of a run of them), and every
 * change is told to `onStatus` once. Whoever publishes it numbers it again
 * (`revision`), across the pullers it replaces.
 */
export function relayStatusTracker(deps: {
  source: ActivitySource;
  url: string;
  clock: Clock;
  onStatus(status: RelayStatus): void;
}) {
  let current: RelayStatus = idleRelayStatus(deps.source, deps.url, 'off');

  function set(state: RelayStatus['state'], changes: Partial<RelayStatus> = {}): void {
    const since = state === current.state ? current.since : deps.clock.now();
    const next = followingStatus(current, { ...current, problem: null, ...changes, state, since });
    if (next === null) return;
    current = next;
    deps.onStatus(current);
  }

  return {
    current: () => current,
    /** What an earlier run left: when the relay received the newest event pulled from it. */
    restore(lastEventAt: number | null) {
      current = { ...current, lastEventAt };
    },
    connecting: () => set('connecting'),
    connected: (lastEventAt: number | null) => set('connected', { lastEventAt }),
    paused: () => set('paused'),
    unreachable: (problem: string) => set('unreachable', { problem }),
    refused: (state: 'token-needed' | 'unauthorized', problem: string) => set(state, { problem }),
    startedOver: () => set(current.state, { startedOverAt: deps.clock.now() }),
    off: () => set('off'),
  };
}
