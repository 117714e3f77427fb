import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { ActivityItem, ReceiverStatus } from '../../../shared/model/activity.ts';
import { systemClock, type Clock, type SecretName, type SecretVault } from '../ports/ports.ts';
import type { Database } from '../store/database.ts';
import { announceActivity, type AnnounceDeps } from './announce-activity.ts';
import { createActivityLog, type ActivitySource } from './activity-log.ts';
import { loadCertificate, selfSignedCertificate, type ReceiverCertificate } from './certificate.ts';
import { announcedTooLarge, readDeliveryBody } from '../../webhook-protocol/delivery-body.ts';
import { parseEnvelope, type Envelope } from '../../webhook-protocol/envelope.ts';
import { isValidSignature } from '../../webhook-protocol/signature.ts';
import { deadlineForHandshakes } from './handshake-deadline.ts';

/** Deliveries stored within this window reach the window as one event (and one round of notifications). */
const BATCH_WINDOW_MS = 50;

/** What one sender can take from the receiver, in time and connections. */
export interface ReceiverLimits {
  /** From the first byte of a request to the end of its headers. */
  headersMs: number;
  /** From the first byte of a request to the end of its body. */
  requestMs: number;
  /** From the TCP connection to a finished TLS handshake. */
  handshakeMs: number;
  /** Connections open at once; more are closed as they arrive. */
  maxConnections: number;
}

export const DEFAULT_RECEIVER_LIMITS: ReceiverLimits = {
  headersMs: 5_000,
  requestMs: 10_000,
  handshakeMs: 5_000,
  maxConnections: 128,
};

export interface ReceiverOptions {
  host: string;
  port: number;
  /** The one path deliveries are accepted on, e.g. `/webhooks/catalogue`. */
  path: string;
  /** The user's own certificate and key (PEM files); a self-signed pair otherwise. */
  certFile?: string;
  keyFile?: string;
}

export interface ReceiverDeps extends Omit<AnnounceDeps, 'clock'> {
  db: Database;
  vault: SecretVault;
  /** The vault entry deliveries are verified with; 'webhook-secret' (the user's) by default. */
  secretName?: SecretName;
  /** Recorded with every stored event; 'catalogue' by default. */
  source?: ActivitySource;
  /** Where the self-signed pair is kept. */
  dataDir: string;
  clock?: Clock;
  limits?: Partial<ReceiverLimits>;
}

export interface WebhookReceiver {
  /** Starts listening (restarting if already started); resolves once deliveries are accepted. */
  start(options: ReceiverOptions): Promise<{ url: string }>;
  stop(): Promise<void>;
  status(): ReceiverStatus;
  /** The certificate deliveries are served with, for a reverse proxy or the service to trust. */
  certificatePem(): Promise<string>;
  /** Picks up a webhook secret changed in the vault. */
  reloadSecret(): Promise<void>;
}

interface PendingWrite {
  envelope: Envelope;
  resolve(items: ActivityItem[] | null): void;
  reject(error: unknown): void;
}

interface Answer {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/**
 * The catalogue service's webhook endpoint: verify the raw bytes, store the
 * event, then answer 200. Everything a user would wait on (the activity event
 * to the window, desktop notifications) runs after the answer, once per batch
 * of deliveries that arrived within BATCH_WINDOW_MS, so a burst from the
 * service does not flood the renderer.
 */
export function createWebhookReceiver(deps: ReceiverDeps): WebhookReceiver {
  const clock = deps.clock ?? systemClock;
  const activity = createActivityLog(deps.db);
  const secretName = deps.secretName ?? 'webhook-secret';
  const source = deps.source ?? 'catalogue';
  const limits = { ...DEFAULT_RECEIVER_LIMITS, ...deps.limits };
  let server: Server | null = null;
  let url: string | null = null;
  let path = '';
  let secret: string | null = null;
  let certificate: ReceiverCertificate | null = null;
  let selfSigned: Promise<ReceiverCertificate> | null = null;
  let startError: string | null = null;
  let pending = new Map<string, ActivityItem>();
  let writes: PendingWrite[] = [];

  /**
   * Group commit: deliveries verified in the same turn of the event loop are
   * stored in one transaction, and each is answered only after that commit.
   * Under a burst this turns many small commits into a few larger ones.
   */
  function store(envelope: Envelope): Promise<ActivityItem[] | null> {
    return new Promise((resolve, reject) => {
      if (writes.length === 0) setImmediate(commitWrites);
      writes.push({ envelope, resolve, reject });
    });
  }

  function commitWrites() {
    const batch = writes;
    writes = [];
    if (batch.length === 0) return;
    let results: (ActivityItem[] | null | Error)[];
    try {
      results = activity.recordAll(
        batch.map((write) => write.envelope),
        clock.now(),
        source,
      );
    } catch (error) {
      for (const write of batch) write.reject(error);
      return;
    }
    batch.forEach((write, index) => {
      const result = results[index];
      if (result instanceof Error) write.reject(result);
      else write.resolve(result ?? null);
    });
  }

  function ownCertificate(): Promise<ReceiverCertificate> {
    selfSigned ??= selfSignedCertificate(deps.dataDir, clock.now()).catch((error: unknown) => {
      selfSigned = null;
      throw error;
    });
    return selfSigned;
  }

  function afterAnswer(items: ActivityItem[]) {
    if (pending.size === 0) clock.setTimeout(flush, BATCH_WINDOW_MS);
    for (const item of items) pending.set(item.id, item);
  }

  function flush() {
    const items = [...pending.values()];
    pending = new Map();
    announceActivity({ ...deps, clock }, items);
  }

  async function answer(request: IncomingMessage): Promise<Answer> {
    if (request.method !== 'POST') {
      return { status: 405, message: 'only POST is accepted', headers: { allow: 'POST' } };
    }
    const mediaType = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') {
      return { status: 415, message: 'the body must be application/json' };
    }
    if (announcedTooLarge(request)) return tooLarge();
    const body = await readDeliveryBody(request);
    if (body === null) return tooLarge();

    if (secret === null) return { status: 401, message: 'no webhook secret is configured' };
    if (!isValidSignature(secret, body, request.headers['x-webhook-signature'])) {
      return { status: 401, message: 'signature missing or wrong' };
    }
    const parsed = parseEnvelope(body);
    if (!parsed.ok) return { status: 400, message: parsed.reason };

    const stored = await store(parsed.envelope);
    if (stored === null) return { status: 200, message: 'already received' };
    afterAnswer(stored);
    return { status: 200, message: 'received' };
  }

  function onRequest(request: IncomingMessage, response: ServerResponse) {
    const requestPath = (request.url ?? '').split('?', 1)[0];
    const answered =
      requestPath === path
        ? answer(request)
        : Promise.resolve({ status: 404, message: 'not found' });
    answered
      .catch((error: unknown) => {
        deps.log.error('webhook delivery failed', { error: String(error) });
        return { status: 500, message: 'the delivery could not be processed' };
      })
      .then((result: Answer) => {
        if (result.status !== 200) {
          deps.log.warn('webhook delivery refused', {
            status: result.status,
            reason: result.message,
          });
        }
        send(response, result);
      });
  }

  async function stop() {
    const running = server;
    server = null;
    url = null;
    // Verified deliveries waiting for their commit are kept: their connections
    // close unanswered, and the service's retry then finds them already stored.
    commitWrites();
    if (running) {
      running.closeAllConnections();
      running.close();
      await once(running, 'close');
    }
    flush();
  }

  return {
    async start(options) {
      await stop();
      startError = null;
      try {
        if ((options.certFile === undefined) !== (options.keyFile === undefined)) {
          throw new Error('give both a certificate file and a key file, or neither');
        }
        if (!options.path.startsWith('/')) throw new Error('the path must start with /');
        certificate =
          options.certFile !== undefined && options.keyFile !== undefined
            ? await loadCertificate(options.certFile, options.keyFile)
            : await ownCertificate();
        secret = await deps.vault.get(secretName);
        path = options.path;
        const https = createServer(
          {
            cert: certificate.cert,
            key: certificate.key,
            requestTimeout: limits.requestMs,
            headersTimeout: limits.headersMs,
            // Node enforces both only when it checks (every 30 s by default): a slow sender got that long.
            connectionsCheckingInterval: Math.min(1_000, limits.headersMs / 4),
            handshakeTimeout: limits.handshakeMs,
          },
          onRequest,
        );
        https.maxConnections = limits.maxConnections;
        deadlineForHandshakes(https, limits.handshakeMs);
        await listen(https, options.host, options.port);
        server = https;
        const address = https.address();
        const port = typeof address === 'object' && address !== null ? address.port : options.port;
        const host = options.host.includes(':') ? `[${options.host}]` : options.host;
        url = `https://${host}:${port}${path}`;
        deps.log.info('webhook receiver listening', { url });
        return { url };
      } catch (error) {
        startError = `The webhook receiver could not start: ${(error as Error).message}`;
        throw new Error(startError, { cause: error });
      }
    },

    stop,

    status() {
      const error =
        startError ??
        (server !== null && secret === null
          ? 'No webhook secret is set: every delivery is refused'
          : null);
      return {
        listening: server !== null,
        url,
        error,
        certificateFingerprint: certificate?.fingerprint ?? null,
      };
    },

    async certificatePem() {
      return (certificate ?? (await ownCertificate())).cert;
    },

    async reloadSecret() {
      secret = await deps.vault.get(secretName);
    },
  };
}

function tooLarge(): Answer {
  // The rest of an oversize body is not worth reading: close the connection instead.
  return { status: 413, message: 'the body exceeds 1 MiB', headers: { connection: 'close' } };
}

function send(response: ServerResponse, result: Answer) {
  if (response.headersSent || response.destroyed) return;
  const body = JSON.stringify(
    result.status === 200 ? { status: result.message } : { error: result.message },
  );
  response.writeHead(result.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...result.headers,
  });
  response.end(body);
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} on ${host} is already in use`)
          : error,
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}
