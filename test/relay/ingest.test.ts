import { afterEach, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../main/webhook-protocol/delivery-body.ts';
import {
  notEnvelopes,
  notification,
  sign,
  signedDelivery,
  startTestRelay,
  type TestRelay,
} from './relay-harness.ts';

let relay: TestRelay;
afterEach(() => relay?.stop());

const order = () =>
  notification('order.created', {
    id: 'ord-1001',
    number: 'SO-1001',
    customerId: 'cust-7',
    status: 'open',
    lines: [{ productEan: '4006381333931', quantity: 2, price: '9.95' }],
  });

describe('the relay takes deliveries from the catalogue service', () => {
  it('stores a signed delivery before answering 200, and logs id, type and outcome only', async () => {
    relay = await startTestRelay();
    const event = order();
    const reply = await relay.post(signedDelivery(event));
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ status: 'stored' });

    const [stored] = await relay.pullAll();
    expect(stored).toEqual({
      cursor: expect.any(String),
      id: event.id,
      type: event.type,
      timestamp: event.timestamp,
      payload: event.payload,
      received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(relay.lines).toEqual([`delivery ${event.id} order.created: stored`]);
  });

  it('answers a replayed notification id 200 and stores nothing more', async () => {
    relay = await startTestRelay();
    const event = order();
    const first = await relay.post(signedDelivery(event));
    // The service's retry sends the same bytes; a different body under the same id is still the same notification.
    const again = await relay.post(signedDelivery(event));
    const changed = await relay.post(signedDelivery({ ...event, payload: { id: 'ord-other' } }));
    expect([first.status, again.status, changed.status]).toEqual([200, 200, 200]);
    expect(JSON.parse(again.body)).toEqual({ status: 'duplicate' });
    const stored = await relay.pullAll();
    expect(stored.map((item) => [item.id, item.payload.id])).toEqual([[event.id, 'ord-1001']]);
    expect(relay.lines.at(-1)).toBe(`delivery ${event.id} order.created: duplicate`);
  });

  it('refuses forged and unsigned deliveries with 401 before reading the JSON', async () => {
    relay = await startTestRelay();
    const body = JSON.stringify(order());
    const replies = await Promise.all([
      relay.post({ body }),
      relay.post({ body, headers: { 'x-webhook-signature': sign(body, 'not-the-secret') } }),
      relay.post({ body, headers: { 'x-webhook-signature': sign(`${body} `) } }),
      relay.post({ body, headers: { 'x-webhook-signature': `sha256=${sign(body)}` } }),
      // Not JSON at all, but unsigned: the signature is checked first, so 401, not 400.
      relay.post({ body: '{not json', headers: { 'x-webhook-signature': '0'.repeat(64) } }),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([401, 401, 401, 401, 401]);
    expect(JSON.parse(replies[0]?.body ?? '')).toEqual({
      error: {
        type: 'authentication_required',
        message: 'The x-webhook-signature is missing or wrong.',
        param: null,
      },
    });
    expect(await relay.pullAll()).toEqual([]);
    expect(relay.lines).toHaveLength(5);
    for (const line of relay.lines) {
      expect(line).toBe('delivery - -: refused 401: The x-webhook-signature is missing or wrong.');
    }
  });

  it('refuses a body over 1 MiB with 413, announced or chunked, and closes the connection', async () => {
    relay = await startTestRelay();
    const big = JSON.stringify({ ...order(), payload: { filler: 'x'.repeat(BODY_LIMIT) } });
    const announced = await relay.post(signedDelivery(big));
    const chunked = await relay.post({ ...signedDelivery(big), chunked: true });
    expect([announced.status, chunked.status]).toEqual([413, 413]);
    expect(announced.headers.connection).toBe('close');
    expect(JSON.parse(chunked.body).error.type).toBe('payload_too_large');
    expect(await relay.pullAll()).toEqual([]);
  });

  it('refuses malformed JSON, non-envelopes and JSON nested too deep with 400, never 500', async () => {
    relay = await startTestRelay();
    const bodies = notEnvelopes(order());
    const replies = await Promise.all(bodies.map((body) => relay.post(signedDelivery(body))));
    expect(replies.map((reply) => reply.status)).toEqual(bodies.map(() => 400));
    expect(JSON.parse(replies.at(-1)?.body ?? '')).toEqual({
      error: {
        type: 'invalid_request',
        message: 'Not a notification: the JSON nests deeper than 64 levels.',
        param: null,
      },
    });
    expect(await relay.pullAll()).toEqual([]);
  });

  it('refuses other media types (415), other methods (405) and other paths (404)', async () => {
    relay = await startTestRelay();
    const delivery = signedDelivery(order());
    const form = await relay.post({
      ...delivery,
      headers: { ...delivery.headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const put = await relay.post({ ...delivery, method: 'PUT' });
    const elsewhere = await relay.call('/hooks/other', delivery);
    expect([form.status, put.status, elsewhere.status]).toEqual([415, 405, 404]);
    expect(put.headers.allow).toBe('POST');
    expect(JSON.parse(elsewhere.body).error.type).toBe('not_found');
    expect(await relay.pullAll()).toEqual([]);
  });

  it('logs a sender-chosen id and type so that they cannot forge a log line', async () => {
    relay = await startTestRelay();
    const event = {
      ...order(),
      id: 'ntf-1\n2026 delivery evil: stored',
      type: 'order.created\u202e',
    };
    expect((await relay.post(signedDelivery(event))).status).toBe(200);
    expect(relay.lines).toEqual([
      'delivery "ntf-1\\n2026 delivery evil: stored" "order.created\\u202e": stored',
    ]);
  });
});
