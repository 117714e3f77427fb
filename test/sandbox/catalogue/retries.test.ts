import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../../../main/sandbox/catalogue/backoff.ts';
import {
  eventually,
  makeCertificate,
  settledNotification,
  startCatalogue,
  startReceiver,
} from './support.ts';
import type { Behaviour, Catalogue, Certificate, Receiver } from './support.ts';

interface LoggedAttempt {
  at: string;
  durationMs: number;
  retryAt: string | null;
}

const BACKOFF_MS = 50;
// Long enough that a busy CI machine still completes a TLS handshake inside it: an attempt that
// times out before reaching the receiver would count in the log but not at the receiver.
const TIMEOUT_MS = 1_500;

describe('delivery retries', () => {
  let certificate: Certificate;
  let catalogue: Catalogue;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    certificate = await makeCertificate();
    catalogue = await startCatalogue({
      trustCa: certificate.cert,
      backoffMs: BACKOFF_MS,
      timeoutMs: TIMEOUT_MS,
    });
  });
  afterAll(async () => {
    await catalogue.close();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  /** A receiver subscribed to order.created alone, and the notification id of one such event. */
  async function deliverTo(behave: Behaviour) {
    const receiver = await startReceiver(certificate, behave);
    receivers.push(receiver);
    const registered = await catalogue.call('POST', '/v1/webhooks', {
      json: { notificationUrl: receiver.url, events: ['order.created'] },
    });
    const emitted = await catalogue.call('POST', '/_sandbox/events', {
      json: { type: 'order.created' },
    });
    const entry = await settledNotification(catalogue, emitted.body.id);
    const delivery = entry.deliveries.find(
      (d: { webhookId: string }) => d.webhookId === registered.body.id,
    );
    // Deletion keeps later events of this test file away from this receiver.
    await catalogue.call('DELETE', `/v1/webhooks/${registered.body.id}`);
    return { id: emitted.body.id as string, receiver, delivery };
  }

  function expectIdenticalRequests(receiver: Receiver, id: string) {
    const [first, ...rest] = receiver.requests;
    expect(JSON.parse(first!.body.toString()).id).toBe(id);
    for (const request of rest) {
      expect(request.body.equals(first!.body)).toBe(true);
      expect(request.headers['x-webhook-signature']).toBe(first!.headers['x-webhook-signature']);
    }
  }

  /**
   * The waits the service planned after each failed attempt grow, and no retry comes before its
   * planned time, neither in the log nor at the receiver.
   */
  function expectGrowingGaps(receiver: Receiver, attempts: LoggedAttempt[]) {
    const planned = attempts.slice(0, -1).map((a) => {
      expect(a.retryAt).not.toBeNull();
      return Date.parse(a.retryAt!) - (Date.parse(a.at) + a.durationMs);
    });
    for (let i = 1; i < planned.length; i++) expect(planned[i]).toBeGreaterThan(planned[i - 1]!);
    planned.forEach((wait, i) => {
      expect(wait).toBeGreaterThanOrEqual(BACKOFF_MS * 2 ** i);
      expect(Date.parse(attempts[i + 1]!.at)).toBeGreaterThanOrEqual(
        Date.parse(attempts[i]!.retryAt!),
      );
      const gap = receiver.requests[i + 1]!.at - receiver.requests[i]!.at;
      expect(gap).toBeGreaterThanOrEqual(BACKOFF_MS * 2 ** i);
    });
    expect(attempts.at(-1)!.retryAt).toBeNull();
  }

  it.each([
    ['answers 500', () => 500, { status: 500, error: null }],
    ['answers 201', () => 201, { status: 201, error: null }],
    [
      'never answers',
      () => 'hang' as const,
      { status: null, error: expect.stringMatching(/no answer/) },
    ],
    ['resets the connection', () => 'reset' as const, { status: null, error: expect.any(String) }],
  ])(
    'a receiver that %s gets exactly 4 attempts, spaced by growing delays',
    async (_name, behave, failure) => {
      const { id, receiver, delivery } = await deliverTo(behave);
      expect(receiver.requests).toHaveLength(MAX_ATTEMPTS);
      expectIdenticalRequests(receiver, id);
      expectGrowingGaps(receiver, delivery.attempts);
      expect(delivery.state).toBe('failed');
      expect(delivery.nextAttemptAt).toBeNull();
      expect(delivery.attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2, 3, 4]);
      for (const attempt of delivery.attempts) expect(attempt).toMatchObject(failure);
    },
  );

  it('a receiver that answers 200 on the 3rd attempt gets exactly 3', async () => {
    const { id, receiver, delivery } = await deliverTo((attempt) => (attempt < 3 ? 503 : 200));
    expect(receiver.requests).toHaveLength(3);
    expectIdenticalRequests(receiver, id);
    expect(delivery.state).toBe('delivered');
    expect(delivery.attempts.map((a: { status: number }) => a.status)).toEqual([503, 503, 200]);
  });

  it('stops retrying when the registration is deleted', async () => {
    const receiver = await startReceiver(certificate, () => 500);
    receivers.push(receiver);
    const registered = await catalogue.call('POST', '/v1/webhooks', {
      json: { notificationUrl: receiver.url, events: ['product.created'] },
    });
    const emitted = await catalogue.call('POST', '/_sandbox/events', {
      json: { type: 'product.created' },
    });
    await eventually(() => (receiver.requests.length > 0 ? true : undefined));
    await catalogue.call('DELETE', `/v1/webhooks/${registered.body.id}`);
    const entry = await settledNotification(catalogue, emitted.body.id);
    expect(entry.deliveries[0].state).toBe('failed');
    expect(entry.deliveries[0].attempts.length).toBeLessThan(MAX_ATTEMPTS);
  });

  it('keeps delivering to others while one receiver hangs', async () => {
    const hanging = await startReceiver(certificate, () => 'hang');
    const healthy = await startReceiver(certificate, () => 200);
    receivers.push(hanging, healthy);
    for (const receiver of [hanging, healthy]) {
      await catalogue.call('POST', '/v1/webhooks', {
        json: { notificationUrl: receiver.url, events: ['shipment.updated'] },
      });
    }
    const { body } = await catalogue.call('POST', '/_sandbox/events', {
      json: { type: 'shipment.updated' },
    });
    const states = await eventually(async () => {
      const log = await catalogue.call('GET', '/_sandbox/deliveries');
      const entry = log.body.data.find((n: { id: string }) => n.id === body.id);
      const byUrl = new Map<string, string>(
        entry.deliveries.map((d: { notificationUrl: string; state: string }) => [
          d.notificationUrl,
          d.state,
        ]),
      );
      return byUrl.get(healthy.url) === 'delivered' ? byUrl : undefined;
    });
    // The hanging receiver is still on its first attempt when the other one is done.
    expect(hanging.requests).toHaveLength(1);
    expect(states.get(hanging.url)).toBe('pending');
  });
});
