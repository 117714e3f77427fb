import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.ts';
import type { SandboxDatabase } from '../store/database.ts';
import { createCatalogueActions, type Emitted } from './catalogue-actions.ts';
import { createCatalogueStore } from './catalogue-store.ts';
import { createDeliveryLog } from './delivery-log.ts';
import { startDeliveryWorker } from './delivery-worker.ts';
import { createEventGenerator } from './event-generator.ts';
import type { EventType } from './event-types.ts';
import { DEFAULT_CUSTOMER_IDS, systemRandom } from './sample-data.ts';
import { sandboxEventRoutes } from './sandbox-event-routes.ts';
import { startSimulator } from './simulator.ts';
import type { SimulatorInterval } from './simulator.ts';
import { createStory } from './story.ts';
import { webhookRoutes } from './webhook-routes.ts';
import { createWebhookRegistry } from './webhook-registry.ts';

export interface CatalogueOptions {
  /** From openSandboxDatabase, which makes the catalogue's tables with the messaging ones. */
  database: SandboxDatabase;
  /** The signing secret. Never logged. */
  secret: string;
  /** Base delay of the retry backoff; default 1000 ms. */
  backoffMs?: number;
  /** How long one delivery attempt may take; default 5000 ms. */
  timeoutMs?: number;
  /** PEM of a certificate authority trusted for deliveries besides the default store. */
  trustCa?: string;
  /** Tells the shop's story as it goes on, one move every 20 to 60 s by default. */
  simulate?: boolean | SimulatorInterval;
  /** Contact ids orders are placed by: contacts the user can message. */
  customerIds?: readonly string[];
  log?: (line: string) => void;
}

export interface CatalogueService {
  /** Emits an event now, generating the resource when no payload is given; the notification id. */
  emit(type: EventType, payload?: object): string;
  /**
   * Makes the shop's last `days` happen and announces them with their own
   * times, oldest first; the notification ids. Null when the catalogue
   * already has a past.
   */
  history(days: number): string[] | null;
  /** Stops the simulator and deliveries; pending retries stay in the database for the next start. */
  close(): Promise<void>;
}

const DEFAULT_SIMULATION: SimulatorInterval = { minMs: 20_000, maxMs: 60_000 };

/**
 * Mounts the catalogue-and-order service on the sandbox's Fastify instance, before it listens:
 * webhook registration, the sandbox event controls, and signed deliveries with retries. The
 * instance authenticates as for messaging (`bearerAuth` hook, so `requestUser` works), with the
 * same tokens, rate limit and faults.
 */
export async function registerCatalogueService(
  app: FastifyInstance,
  options: CatalogueOptions,
): Promise<CatalogueService> {
  const { database } = options;
  const onLine = options.log ?? (() => {});
  if (options.secret.length === 0) throw new Error('the webhook secret must not be empty');
  const customerIds = options.customerIds ?? DEFAULT_CUSTOMER_IDS;
  if (customerIds.length === 0) throw new Error('customerIds must list at least one contact id');

  const store = createCatalogueStore(database);
  const actions = createCatalogueActions(store, customerIds, systemRandom);
  const generator = createEventGenerator(actions, systemRandom);
  const story = createStory(actions, systemRandom);
  const registry = createWebhookRegistry(database);
  const log = createDeliveryLog(database);

  const worker = startDeliveryWorker({
    log,
    secret: options.secret,
    backoffMs: options.backoffMs ?? 1000,
    timeoutMs: options.timeoutMs ?? 5000,
    trustCa: options.trustCa,
    onLine,
  });

  /** Publishes each event, in one transaction with the changes that caused them; their ids. */
  const tell = (happen: () => Emitted[]): string[] => {
    const published = database.transaction(() =>
      happen().map(({ type, payload, at }) =>
        log.publish(type, payload, registry.subscribers(type), at),
      ),
    );
    for (const { deliveryIds } of published) {
      for (const id of deliveryIds) worker.schedule(id, Date.now());
    }
    return published.map(({ notificationId }) => notificationId);
  };

  const emit = (type: EventType, payload?: object): string => {
    const [id] = tell(() => [
      { type, payload: payload ?? generator.generate(type), at: new Date() },
    ]);
    return id as string;
  };

  const history = (days: number): string[] | null =>
    database.transaction(() =>
      store.isEmpty() ? tell(() => story.history(new Date(), days)) : null,
    );

  const deleteRegistration = (owner: string, id: string): boolean =>
    database.transaction(() => {
      if (!registry.delete(owner, id)) return false;
      log.abandon(id);
      return true;
    });

  await app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => {
      if (request.method === 'POST' && !isJson(request.headers['content-type'])) {
        throw new ApiError('unsupported_media_type', 'Send the body as application/json.');
      }
    });
    webhookRoutes(scope, { registry, deleteRegistration });
    sandboxEventRoutes(scope, { log, emit, history });
  });

  const simulation = options.simulate === true ? DEFAULT_SIMULATION : options.simulate;
  const simulator = simulation
    ? startSimulator(() => {
        try {
          tell(() => story.next(new Date()));
        } catch (error) {
          onLine(`the simulated shop failed to move on: ${String(error)}`);
        }
      }, simulation)
    : undefined;

  return {
    emit,
    history,
    async close() {
      simulator?.stop();
      await worker.close();
    },
  };
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}
