import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerTokenCheck, tokensProblem } from './bearer-tokens.ts';
import { createGroupCommit } from './group-commit.ts';
import { createHealth } from './health.ts';
import { listen } from './http-server.ts';
import { createIngest } from './ingest.ts';
import { createPull } from './pull.ts';
import { deliveryLine, throttled } from './relay-log.ts';
import { sendRefusal } from './responses.ts';
import { openThreadedEventStore } from './threaded-event-store.ts';

export const RELAY_DEFAULTS = {
  host: '127.0.0.1',
  port: 8787,
  path: '/hooks/catalogue',
  retentionDays: 30,
  /** Each app holds one connection in its long poll; the service opens one per delivery. */
  maxConnections: 512,
} as const;

const PULL_PATH = '/v1/events';
const HEALTH_PATH = '/healthz';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MAX_RETENTION_DAYS = 3650;

/** An option startRelay cannot work with; nothing was started. */
export class RelayOptionsError extends Error {}

export interface RelayOptions {
  /** The catalogue service's signing secret. */
  webhookSecret: string;
  /** Bearer tokens of the apps allowed to pull (at least one, each 16 characters or more). */
  tokens: readonly string[];
  /** The SQLite file events are kept in; created (owner-only) if missing. */
  dataFile: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Where the catalogue service delivers. */
  path?: string;
  /** PEM certificate and key: the relay speaks HTTPS itself. Without, plain HTTP. */
  tls?: { cert: string; key: string };
  retentionDays?: number;
  maxConnections?: number;
  /** Log lines (no secret, token or payload ever reaches them); stderr by default. */
  log?: (line: string) => void;
  /** Epoch ms; Date.now by default. */
  now?: () => number;
  /**
   * The relay cannot go on: its store thread died. It is logged either way;
   * the CLI exits 1 here so that systemd starts a fresh relay.
   */
  onFatal?: (error: Error) => void;
}

export interface Relay {
  /** `http(s)://host:port`, with the port actually bound. */
  url: string;
  /** Stops accepting, finishes what is in flight, answers held pulls, closes the database. */
  stop(): Promise<void>;
}

/**
 * The always-on relay: verifies and durably stores the catalogue service's
 * deliveries, and lets any number of apps pull them with their own cursors.
 * Imports nothing of the app but the webhook protocol, so it runs alone on a
 * server (`npm run relay`) or embedded in a process that needs one.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const settings = { ...RELAY_DEFAULTS, ...withoutUndefined(options) };
  const problem = optionsProblem(settings);
  if (problem !== null) throw new RelayOptionsError(problem);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const now = options.now ?? Date.now;

  const store = await openThreadedEventStore(settings.dataFile, (error) => {
    log(`store: ${error.message}; deliveries are refused with 500 until the relay is restarted`);
    options.onFatal?.(error);
  });
  const pull = createPull({
    store,
    isAuthorized: bearerTokenCheck(settings.tokens),
    retentionDays: settings.retentionDays,
  });
  const health = createHealth(store, now);
  const ingest = createIngest({
    secret: settings.webhookSecret,
    commits: createGroupCommit(store, now, pull.wake),
    log: (delivery) => log(deliveryLine(delivery)),
  });

  const removeExpired = async () => {
    try {
      const cutoff = now() - settings.retentionDays * DAY_MS;
      const removed = await store.removeReceivedBefore(cutoff);
      if (removed > 0) {
        log(
          `retention: removed ${removed} events received before ${new Date(cutoff).toISOString()}`,
        );
      }
    } catch (error) {
      log(`retention: removing old events failed: ${(error as Error).message}`);
    }
  };
  await removeExpired();
  const retention = setInterval(() => void removeExpired(), HOUR_MS).unref();

  const route = (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?', 1)[0];
    if (path === settings.path) return ingest(request, response);
    if (path === PULL_PATH) return pull.handle(request, response);
    request.resume();
    if (path === HEALTH_PATH) return void health.answer(response);
    sendRefusal(response, { type: 'not_found', message: 'No such path on this relay.' });
  };

  let listener;
  try {
    listener = await listen({
      host: settings.host,
      port: settings.port,
      tls: settings.tls,
      maxConnections: settings.maxConnections,
      handle: route,
      onDrop: throttled(60_000, now, (skipped) =>
        log(
          `connections: refused one at the cap of ${settings.maxConnections} open connections` +
            (skipped > 0 ? ` (and ${skipped} more since the last such line)` : ''),
        ),
      ),
    });
  } catch (error) {
    clearInterval(retention);
    await store.close();
    throw error;
  }

  let stopped: Promise<void> | null = null;
  const running = listener;
  return {
    url: running.url,
    stop() {
      stopped ??= (async () => {
        clearInterval(retention);
        const closed = running.close();
        pull.stopHolding();
        await closed;
        await store.close();
      })();
      return stopped;
    },
  };
}

function optionsProblem(
  settings: Required<Omit<RelayOptions, 'tls' | 'log' | 'now' | 'onFatal'>>,
): string | null {
  const tokens = tokensProblem(settings.tokens);
  if (tokens !== null) return `relay tokens: ${tokens}`;
  if (settings.webhookSecret.trim() === '') return 'the webhook secret is empty';
  if (!/^\/[\x21-\x7e]*$/.test(settings.path) || settings.path.includes('?')) {
    return `the delivery path must start with / and hold no spaces or query (got ${JSON.stringify(settings.path)})`;
  }
  if (settings.path === PULL_PATH || settings.path === HEALTH_PATH) {
    return `the delivery path cannot be ${settings.path}: the relay answers that itself`;
  }
  if (!Number.isInteger(settings.port) || settings.port < 0 || settings.port > 65_535) {
    return `the port must be 0 to 65535 (got ${settings.port})`;
  }
  if (
    !Number.isInteger(settings.retentionDays) ||
    settings.retentionDays < 1 ||
    settings.retentionDays > MAX_RETENTION_DAYS
  ) {
    return `the retention must be a whole number of days from 1 to ${MAX_RETENTION_DAYS} (got ${settings.retentionDays})`;
  }
  if (!Number.isInteger(settings.maxConnections) || settings.maxConnections < 2) {
    return `the connection cap must be a whole number, at least 2 (got ${settings.maxConnections})`;
  }
  return null;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
