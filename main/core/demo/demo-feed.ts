import { join } from 'node:path';
import type { ActivityItem } from '../../../shared/model/activity.ts';
import type { DemoCatalogue } from '../ports/ports.ts';
import { createActivityLog } from '../webhooks/activity-log.ts';
import { createWebhookReceiver, type ReceiverDeps } from '../webhooks/receiver.ts';

/** The vault entry the demo's deliveries are signed and verified with. */
export const DEMO_WEBHOOK_SECRET = 'demo-webhook-secret';
const PATH = '/demo/catalogue';

/**
 * The demo workspace's catalogue activity, over the same path a real service
 * takes: a second receiver on a free loopback port with its own secret,
 * certificate and activity source, so the user's webhook settings, secret and
 * events are never touched.
 */
export interface DemoFeed {
  /**
   * Starts the receiver, verifying with the vault's DEMO_WEBHOOK_SECRET (store
   * it first); answers the certificate the demo service must trust.
   */
  listen(): Promise<{ trustCa: string }>;
  /**
   * Has the demo's catalogue deliver every event type to the receiver, and
   * has the demo shop's last weeks happen (delivered with their own times)
   * when the demo has no activity yet.
   */
  subscribe(catalogue: DemoCatalogue): Promise<void>;
  stop(): Promise<void>;
  /** Deletes the demo's activity; the next subscribe seeds it afresh. */
  clear(): void;
}

export function createDemoFeed(
  deps: Omit<ReceiverDeps, 'secretName' | 'source' | 'isNews'>,
): DemoFeed {
  const seeding = seedTracker();
  const receiver = createWebhookReceiver({
    ...deps,
    secretName: DEMO_WEBHOOK_SECRET,
    source: 'demo',
    isNews: (item) => !seeding.absorbs(item),
    // Its own self-signed pair: generating it never races the user's receiver.
    dataDir: join(deps.dataDir, 'demo-receiver'),
  });
  const activity = createActivityLog(deps.db);
  let url: string | null = null;

  return {
    async listen() {
      ({ url } = await receiver.start({ host: '127.0.0.1', port: 0, path: PATH }));
      return { trustCa: await receiver.certificatePem() };
    },

    async subscribe(catalogue) {
      if (url === null) throw new Error('the demo receiver is not listening');
      await catalogue.deliverTo(url);
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
      url = null;
      await receiver.stop();
      seeding.end();
    },

    clear() {
      activity.clear('demo');
    },
  };
}

/**
 * The seeded events are the demo's back-story, not news: nothing that arrives
 * while seeding raises a desktop notification. Their ids are known only once
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
