import { createSecureContext, getCACertificates } from 'node:tls';
import { MAX_ATTEMPTS, retryDelayMs } from './backoff.ts';
import type { AttemptOutcome, DeliveryLog, OutgoingDelivery } from './delivery-log.ts';
import { deliveryAgent, postOnce } from './https-post.ts';
import { signBody } from './signature.ts';

export interface DeliveryWorkerOptions {
  log: DeliveryLog;
  secret: string;
  backoffMs: number;
  timeoutMs: number;
  /** PEM of an extra certificate authority, trusted besides Node's default store. */
  trustCa: string | undefined;
  onLine: (line: string) => void;
}

export interface DeliveryWorker {
  /** Sends the delivery's next attempt at epoch ms `at` (now if past). */
  schedule(deliveryId: number, at: number): void;
  /** Stops timers and cuts in-flight attempts short; their attempts are recorded as failed. */
  close(): Promise<void>;
}

/** Attempts sent to one notification URL at the same time; more wait their turn. */
const MAX_IN_FLIGHT_PER_RECEIVER = 4;

/**
 * Sends pending deliveries, each on its own timer and request, at most a few at a time to each
 * receiver, so a slow or dead receiver only ever delays its own deliveries. Starts by resuming
 * whatever the log still has pending.
 */
export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { log, secret, backoffMs, timeoutMs, onLine } = options;
  // Made once: given as `ca`, every attempt parsed Node's whole trust store (about 150
  // certificates) into a context of its own, which held the demo's process at 174 MB after its
  // shop's history had been delivered.
  const secureContext =
    options.trustCa === undefined
      ? undefined
      : createSecureContext({ ca: [...getCACertificates(), options.trustCa] });
  const timers = new Map<number, NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();
  const agent = deliveryAgent(secureContext);

  const attempt = async (delivery: OutgoingDelivery): Promise<void> => {
    const number = delivery.attemptsMade + 1;
    const body = Buffer.from(delivery.body, 'utf8');
    const startedAt = Date.now();
    const outcome = await postOnce(delivery.notificationUrl, body, {
      headers: {
        'user-agent': 'parley-sandbox-webhooks/1',
        'x-webhook-signature': signBody(secret, body),
      },
      timeoutMs,
      signal: stopping.signal,
      agent,
    });
    const status = 'status' in outcome ? outcome.status : null;
    const error = 'error' in outcome ? outcome.error : null;
    const finishedAt = Date.now();
    const next = nextStep(number, status, finishedAt, backoffMs);
    const at = new Date(startedAt).toISOString();
    const durationMs = finishedAt - startedAt;
    log.recordAttempt(delivery.id, { attempt: number, at, status, error, durationMs }, next);
    onLine(
      `webhook ${delivery.notificationId} to ${redactedUrl(delivery.notificationUrl)}: ` +
        `attempt ${number} ${status ?? error} -> ${next.state}`,
    );
    if (next.state === 'pending' && !stopping.signal.aborted)
      schedule(delivery.id, next.nextAttemptAt);
  };

  // A burst (a history, a backlog after a restart) would otherwise open one TLS connection per
  // delivery at once, and a receiver on a busy machine would time every one of them out.
  const active = new Map<string, number>();
  const waiting = new Map<string, number[]>();

  const run = (deliveryId: number): void => {
    const task = Promise.resolve()
      .then(() => {
        const delivery = log.outgoing(deliveryId);
        if (!delivery) return;
        const url = delivery.notificationUrl;
        const busy = active.get(url) ?? 0;
        if (busy >= MAX_IN_FLIGHT_PER_RECEIVER) {
          waiting.set(url, [...(waiting.get(url) ?? []), deliveryId]);
          return;
        }
        active.set(url, busy + 1);
        return attempt(delivery).finally(() => {
          active.set(url, (active.get(url) ?? 1) - 1);
          const next = waiting.get(url)?.shift();
          if (next !== undefined && !stopping.signal.aborted) run(next);
        });
      })
      .catch((error: unknown) => onLine(`webhook delivery ${deliveryId} stopped: ${String(error)}`))
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  };

  // Node timers can fire a millisecond early; a retry never starts before its logged time.
  function schedule(deliveryId: number, at: number): void {
    if (stopping.signal.aborted || timers.has(deliveryId)) return;
    const wake = () => {
      timers.delete(deliveryId);
      if (Date.now() < at) schedule(deliveryId, at);
      else run(deliveryId);
    };
    timers.set(deliveryId, setTimeout(wake, Math.max(0, at - Date.now())));
  }

  for (const { id, nextAttemptAt } of log.pending()) schedule(id, nextAttemptAt);

  return {
    schedule,
    async close() {
      stopping.abort();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(inFlight);
      agent.destroy();
    },
  };
}

/** Only 200 confirms: another 2xx, a redirect, a timeout or a connection error is a failure. */
function nextStep(
  attempt: number,
  status: number | null,
  now: number,
  backoffMs: number,
): AttemptOutcome {
  if (status === 200) return { state: 'delivered' };
  if (attempt >= MAX_ATTEMPTS) return { state: 'failed' };
  return { state: 'pending', nextAttemptAt: now + retryDelayMs(attempt, backoffMs) };
}

/** Query strings can carry receiver tokens: logs get the origin and path only. */
function redactedUrl(url: string): string {
  const { origin, pathname } = new URL(url);
  return origin + pathname;
}
