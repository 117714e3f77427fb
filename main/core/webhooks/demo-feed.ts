import { join } from 'node:path';
import { z } from 'zod';
import { CATALOGUE_EVENT_TYPES } from '../../../shared/model/settings.ts';
import { createCatalogueClient } from '../api/catalogue-client.ts';
import type { ActivityItem } from '../../../shared/model/activity.ts';
import { createActivityStore } from './activity-store.ts';
import { createWebhookReceiver, type ReceiverDeps } from './receiver.ts';

/** The vault entry the demo's deliveries are signed and verified with. */
export const DEMO_WEBHOOK_SECRET = 'demo-webhook-secret';
const PATH = '/demo/catalogue';
const CALL_TIMEOUT_MS = 5_000;

export interface DemoCatalogueService {
  /** The embedded sandbox, which plays the catalogue-and-order service too. */
  baseUrl: string;
  token: string;
}

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
   * Registers the receiver for every event type with the demo service,
   * dropping registrations an earlier run left for another port, and makes one
   * event of each type happen when the demo has no activity yet.
   */
  subscribe(service: DemoCatalogueService): Promise<void>;
  stop(): Promise<void>;
  /** Deletes the demo's activity; the next subscribe seeds it afresh. */
  clear(): void;
}

const registrations = z.object({
  data: z.array(z.object({ id: z.string(), notificationUrl: z.string() })),
});
const emittedEvent = z.object({ id: z.string() });

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
  const activity = createActivityStore(deps.db);
  let url: string | null = null;

  return {
    async listen() {
      ({ url } = await receiver.start({ host: '127.0.0.1', port: 0, path: PATH }));
      return { trustCa: await receiver.certificatePem() };
    },

    async subscribe(service) {
      if (url === null) throw new Error('the demo receiver is not listening');
      const notificationUrl = url;
      const call = serviceCaller(service);
      const { data } = registrations.parse(await call('GET', '/v1/webhooks'));
      for (const stale of data.filter((entry) => entry.notificationUrl !== notificationUrl)) {
        await call('DELETE', `/v1/webhooks/${encodeURIComponent(stale.id)}`);
      }
      if (!data.some((entry) => entry.notificationUrl === notificationUrl)) {
        await createCatalogueClient({
          baseUrl: service.baseUrl,
          getToken: async () => service.token,
          log: deps.log,
        }).registerWebhook({ notificationUrl, events: [...CATALOGUE_EVENT_TYPES] });
      }
      if (activity.count('demo') > 0) return;
      seeding.begin();
      try {
        const emitted = await Promise.all(
          CATALOGUE_EVENT_TYPES.map((type) => call('POST', '/_sandbox/events', { type })),
        );
        seeding.expect(emitted.map((answer) => emittedEvent.parse(answer).id));
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

/** Plain calls to the embedded sandbox's own routes, which the app's API clients do not cover. */
function serviceCaller(service: DemoCatalogueService) {
  return async (method: string, path: string, body?: object): Promise<unknown> => {
    const response = await fetch(new URL(path, service.baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${service.token}`,
        ...(body && { 'content-type': 'application/json' }),
      },
      body: body && JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`the demo service answered ${method} ${path} with ${response.status}`);
    }
    return text === '' ? null : JSON.parse(text);
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
