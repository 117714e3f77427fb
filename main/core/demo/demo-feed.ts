import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { ActivityItem } from '../../../shared/model/activity.ts';
import { followingStatus, idleRelayStatus, type RelayStatus } from '../../../shared/model/relay.ts';
import type { DemoCatalogue, DemoRelay } from '../ports/ports.ts';
import type { RelayPuller } from '../relay/relay-module.ts';
import type { Database } from '../store/database.ts';
import type { HostState } from '../sync/poller.ts';
import { createActivityLog } from '../webhooks/activity-log.ts';
import type { AnnounceDeps } from '../webhooks/announce-activity.ts';

/** The vault entry the demo's deliveries are signed and verified with. */
export const DEMO_WEBHOOK_SECRET = 'demo-webhook-secret';

/**
 * The demo workspace's catalogue activity, over the path a shop's takes: the
 * demo's catalogue delivers to the demo's relay, and the core pulls from that
 * relay with the same client it pulls a shop's relay with. Its events are
 * kept apart (source `demo`), so the user's own are never touched.
 */
export interface DemoFeed {
  /**
   * Pulls from the demo's relay, and has the demo shop's last weeks happen
   * (delivered with their own times) when the demo has no activity yet.
   */
  follow(relay: DemoRelay, catalogue: DemoCatalogue): Promise<void>;
  stop(): Promise<void>;
  /** Deletes the demo's activity and its place in the relay; the next follow seeds afresh. */
  clear(): Promise<void>;
  setHostState(state: Partial<HostState>): void;
  status(): RelayStatus;
}

export function createDemoFeed(deps: AnnounceDeps & { db: Database }): DemoFeed {
  const seeding = seedTracker();
  const activity = createActivityLog(deps.db);
  const loadRelay = () => import('../relay/relay-module.ts');
  let puller: RelayPuller | null = null;
  let host: HostState = { online: true, suspended: false };
  let status = idleRelayStatus('demo', null, 'off');
  const publish = (next: RelayStatus) => {
    const changed = followingStatus(status, next);
    if (changed === null) return;
    status = changed;
    deps.emit({ type: 'relay', status });
  };

  /**
   * The seeded events are scenery: stored as seen, so the view does not open
   * on dozens of "new" orders, and being seen they raise no notification.
   */
  const quiet = new Set<string>();
  const seenIfBackstory = (event: Extract<CoreEvent, { type: 'activity' }>) => {
    const backstory = new Set(
      event.items.filter((item) => seeding.absorbs(item)).map((item) => item.id),
    );
    if (backstory.size === 0) return event;
    for (const id of backstory) quiet.add(id);
    activity.markSeen([...backstory]);
    return {
      ...event,
      items: event.items.map((item) => (backstory.has(item.id) ? { ...item, seen: true } : item)),
    };
  };

  return {
    async follow(relay, catalogue) {
      const { startPulling } = await loadRelay();
      puller = startPulling({
        ...deps,
        emit: (event) => deps.emit(event.type === 'activity' ? seenIfBackstory(event) : event),
        // Asked right after the event that carried the item: what was marked seen there is quiet.
        isNews: (item) => !quiet.delete(item.id),
        source: 'demo',
        url: relay.url,
        token: { given: relay.token },
        ca: relay.ca,
        host,
        onStatus: publish,
      });
      if (activity.count('demo') > 0) return;
      seeding.begin();
      try {
        seeding.expect(await catalogue.history());
      } catch (error) {
        seeding.end();
        throw error;
      }
    },

    async stop() {
      const running = puller;
      puller = null;
      await running?.stop();
      seeding.end();
    },

    async clear() {
      activity.clear('demo');
      (await loadRelay()).forgetPosition(deps.db, 'demo');
    },

    setHostState(state) {
      host = { ...host, ...state };
      puller?.setHostState(state);
    },

    status: () => status,
  };
}

/**
 * The seeded events are the demo's back-story, not news: what arrives while
 * seeding is seen already and raises no desktop notification. Their ids are known only once
 * the service has answered, by which time some may already have arrived, so
 * seeding ends when every expected id has been seen (or the feed stops: a
 * seeded delivery that fails for good keeps this run of the demo quiet).
 */
function seedTracker() {
  let arrived: Set<string> | null = null;
  let expected: string[] = [];
  const settle = () => {
    if (arrived !== null && expected.length > 0 && expected.every((id) => arrived?.has(id))) {
      arrived = null;
    }
  };
  return {
    begin() {
      arrived = new Set();
      expected = [];
    },
    expect(ids: string[]) {
      expected = ids;
      settle();
    },
    /** True while seeding: the item is part of the back-story. */
    absorbs(item: ActivityItem): boolean {
      if (arrived === null) return false;
      arrived.add(item.id);
      settle();
      return true;
    },
    end() {
      arrived = null;
    },
  };
}
