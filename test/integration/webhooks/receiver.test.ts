import { afterEach, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../../main/webhook-protocol/delivery-body.ts';
import {
  deliver,
  notEnvelopes,
  notification,
  PATH,
  sign,
  signedDelivery,
  startReceiver,
  type Harness,
} from './receiver-harness.ts';

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

const order = () =>
  notification('order.created', {
    id: 'ord-1',
    number: 'SO-1001',
    customerId: 'cust-7',
    status: 'open',
    origin: 'shop',
    orderDate: '2025-01-01T00:00:00Z',
    lines: [{ productEan: '4006381333931', quantity: 2, price: '9.95' }],
  });

describe('webhook receiver: good deliveries', () => {
  it('stores a verified delivery and answers 200, then emits one activity event and notifies', async () => {
    harness = await startReceiver();
    const event = order();
    const reply = await harness.post(signedDelivery(event));

    expect(reply.status).toBe(200);
    expect(harness.storedIds()).toEqual([event.id]);
    expect(harness.events).toEqual([]);

    harness.runTimers();
    expect(harness.events).toEqual([
      {
        type: 'activity',
        items: [
          expect.objectContaining({
            id: event.id,
            type: 'order.created',
            seen: false,
            payload: event.payload,
          }),
        ],
      },
    ]);
    expect(harness.notifier.shown).toEqual([
      expect.objectContaining({ title: 'Order created', tag: `activity:${event.id}` }),
    ]);
    expect(harness.notifier.shown[0]?.body).toContain('SO-1001');
    harness.notifier.click(0);
    expect(harness.events.at(-1)).toEqual({
      type: 'navigate',
      target: { kind: 'order', orderId: event.payload.id },
    });
  });

  it('verifies the raw bytes as sent, not a re-serialization of the JSON', async () => {
    harness = await startReceiver();
    const event = order();
    const body = `{ "id" : "${event.id}",\n  "type":"order.created", "timestamp":"${event.timestamp}",\n  "payload": {"number":"SO-\\u0031", "note":"caf\u00e9"} }\n`;
    const reply = await harness.post({ body, headers: { 'x-webhook-signature': sign(body) } });

    expect(reply.status).toBe(200);
    expect(harness.storedIds()).toEqual([event.id]);
  });

  it('answers a replayed notification 200 without storing or announcing it again', async () => {
    harness = await startReceiver();
    const delivery = signedDelivery(order());
    const first = await harness.post(delivery);
    harness.runTimers();
    const again = await harness.post(delivery);
    harness.runTimers();

    expect([first.status, again.status]).toEqual([200, 200]);
    expect(harness.storedIds()).toHaveLength(1);
    expect(harness.events).toHaveLength(1);
    expect(harness.notifier.shown).toHaveLength(1);
  });

  it('stores an unknown event type and shows it without a notification', async () => {
    harness = await startReceiver();
    const event = notification('warehouse.restocked', { sku: 'A-1', quantity: 40 });
    const reply = await harness.post(signedDelivery(event));
    harness.runTimers();

    expect(reply.status).toBe(200);
    expect(harness.storedIds()).toEqual([event.id]);
    expect(harness.events[0]).toMatchObject({ items: [{ type: 'warehouse.restocked' }] });
    expect(harness.notifier.shown).toEqual([]);
  });

  it('notifies only the event types switched on in settings', async () => {
    harness = await startReceiver();
    harness.settings.webhooks.notify['order.created'] = false;
    await harness.post(signedDelivery(order()));
    await harness.post(signedDelivery(notification('invoice.created', { id: 'inv-9' })));
    harness.runTimers();

    expect(harness.storedIds()).toHaveLength(2);
    expect(harness.notifier.shown.map((shown) => shown.title)).toEqual(['Invoice created']);
  });

  it('announces deliveries that arrive together as one event and one summary notification', async () => {
    harness = await startReceiver();
    const events = Array.from({ length: 8 }, () => order());
    const replies = await Promise.all(events.map((event) => harness.post(signedDelivery(event))));
    harness.runTimers();

    expect(replies.map((reply) => reply.status)).toEqual(events.map(() => 200));
    expect(harness.events).toHaveLength(1);
    const [announced] = harness.events;
    expect(announced?.type === 'activity' && announced.items.map((item) => item.id).sort()).toEqual(
      events.map((event) => event.id).sort(),
    );
    expect(harness.notifier.shown).toEqual([
      expect.objectContaining({ title: '8 catalogue events', body: 'Order created: 8' }),
    ]);
  });
});

describe('webhook receiver: bad deliveries are refused and nothing is stored', () => {
  it('refuses a forged signature with 401', async () => {
    harness = await startReceiver();
    const body = JSON.stringify(order());
    const reply = await harness.post({
      body,
      headers: { 'x-webhook-signature': sign(body, 'not-the-secret') },
    });
    expect(reply.status).toBe(401);
    expect(harness.storedIds()).toEqual([]);
  });

  it('refuses the signature of another body with 401', async () => {
    harness = await startReceiver();
    const genuine = JSON.stringify(order());
    const tampered = genuine.replace('SO-1001', 'SO-9999');
    const reply = await harness.post({
      body: tampered,
      headers: { 'x-webhook-signature': sign(genuine) },
    });
    expect(reply.status).toBe(401);
    expect(harness.storedIds()).toEqual([]);
  });

  it('refuses a missing or malformed signature header with 401', async () => {
    harness = await startReceiver();
    const body = JSON.stringify(order());
    const missing = await harness.post({ body });
    const truncated = await harness.post({
      body,
      headers: { 'x-webhook-signature': sign(body).slice(0, 40) },
    });
    const prefixed = await harness.post({
      body,
      headers: { 'x-webhook-signature': `sha256=${sign(body)}` },
    });
    expect([missing.status, truncated.status, prefixed.status]).toEqual([401, 401, 401]);
    expect(harness.storedIds()).toEqual([]);
  });

  it('refuses every delivery with 401 while no secret is configured, and says so in its status', async () => {
    harness = await startReceiver({ secret: null });
    const reply = await harness.post(signedDelivery(order()));
    expect(reply.status).toBe(401);
    expect(harness.storedIds()).toEqual([]);
    expect(harness.receiver.status()).toMatchObject({
      listening: true,
      error: expect.stringContaining('secret'),
    });
  });

  it('refuses a body over 1 MiB with 413, announced or chunked', async () => {
    harness = await startReceiver();
    const event = order();
    const big = JSON.stringify({ ...event, payload: { filler: 'x'.repeat(BODY_LIMIT) } });
    const announced = await harness.post(signedDelivery(big));
    const chunked = await harness.post({ ...signedDelivery(big), chunked: true });
    expect([announced.status, chunked.status]).toEqual([413, 413]);
    expect(harness.storedIds()).toEqual([]);
  });

  it('refuses malformed JSON and bodies that are not an envelope with 400', async () => {
    harness = await startReceiver();
    const bodies = notEnvelopes(order());
    const replies = await Promise.all(bodies.map((body) => harness.post(signedDelivery(body))));
    expect(replies.map((reply) => reply.status)).toEqual(bodies.map(() => 400));
    expect(harness.storedIds()).toEqual([]);
  });

  it('refuses other methods with 405 and an Allow header', async () => {
    harness = await startReceiver();
    const get = await harness.post({ method: 'GET' });
    const put = await harness.post({ ...signedDelivery(order()), method: 'PUT' });
    expect([get.status, put.status]).toEqual([405, 405]);
    expect(get.headers.allow).toBe('POST');
    expect(harness.storedIds()).toEqual([]);
  });

  it('refuses a body that is not JSON by content type with 415', async () => {
    harness = await startReceiver();
    const delivery = signedDelivery(order());
    const form = await harness.post({
      ...delivery,
      headers: { ...delivery.headers, 'content-type': 'text/plain' },
    });
    const withCharset = await harness.post({
      ...delivery,
      headers: { ...delivery.headers, 'content-type': 'application/json; charset=utf-8' },
    });
    expect([form.status, withCharset.status]).toEqual([415, 200]);
    expect(harness.storedIds()).toHaveLength(1);
  });

  it('answers 404 off the configured path', async () => {
    harness = await startReceiver();
    const reply = await harness.post(signedDelivery(order()));
    const elsewhere = await deliver(
      harness.url.replace(PATH, '/other'),
      harness.ca,
      signedDelivery(order()),
    );
    expect([reply.status, elsewhere.status]).toEqual([200, 404]);
    expect(harness.storedIds()).toHaveLength(1);
  });
});

describe('webhook receiver: start-up', () => {
  it('reports a port already in use instead of crashing', async () => {
    harness = await startReceiver();
    const port = new URL(harness.url).port;
    const second = await startReceiver();
    try {
      await expect(
        second.receiver.start({ host: '127.0.0.1', port: Number(port), path: PATH }),
      ).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use`);
      expect(second.receiver.status()).toMatchObject({
        listening: false,
        url: null,
        error: expect.stringContaining('already in use'),
      });
    } finally {
      await second.close();
    }
  });
});

describe('webhook receiver: durability', () => {
  it('does not answer 200 when the event cannot be stored, and stores it once on the retry', async () => {
    harness = await startReceiver();
    harness.db.exec(`
      CREATE TRIGGER refuse_activity BEFORE INSERT ON activity
      BEGIN SELECT RAISE(ABORT, 'disk full'); END;
    `);
    const delivery = signedDelivery(order());
    const failed = await harness.post(delivery);
    harness.runTimers();
    expect(failed.status).toBe(500);
    expect(harness.storedIds()).toEqual([]);
    expect(harness.events).toEqual([]);

    harness.db.exec('DROP TRIGGER refuse_activity');
    const retried = await harness.post(delivery);
    expect(retried.status).toBe(200);
    expect(harness.storedIds()).toHaveLength(1);
  });
});
