import { verify } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../main/sandbox/catalogue/event-types.ts';
import {
  SECRET,
  eventually,
  makeCertificate,
  settledNotification,
  startCatalogue,
  startReceiver,
} from './support.ts';
import type { Catalogue, Certificate, Receiver } from './support.ts';

const CUSTOMERS = ['ava', 'ben', 'carla'];
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const ISO_DATE = /^\d{4}-\d\d-\d\d$/;
const DECIMAL = /^\d+\.\d\d$/;

describe('signed delivery over HTTPS', () => {
  let certificate: Certificate;
  let receiver: Receiver;
  let catalogue: Catalogue;

  beforeAll(async () => {
    certificate = await makeCertificate();
    receiver = await startReceiver(certificate, () => 200);
    catalogue = await startCatalogue({ trustCa: certificate.cert, customerIds: CUSTOMERS });
    const registered = await catalogue.call('POST', '/v1/webhooks', {
      json: { notificationUrl: receiver.url, events: [...EVENT_TYPES] },
    });
    expect(registered.status).toBe(201);
  });
  afterAll(async () => {
    await catalogue.close();
    await receiver.close();
  });

  /** Emits `type` and returns the envelope the receiver got for it. */
  async function deliver(type: string, payload?: object) {
    const emitted = await catalogue.call('POST', '/_sandbox/events', { json: { type, payload } });
    expect(emitted.status).toBe(202);
    const request = await eventually(() =>
      receiver.requests.find((r) => JSON.parse(r.body.toString()).id === emitted.body.id),
    );
    return { request, envelope: JSON.parse(request.body.toString()) };
  }

  it('signs the exact body bytes so that an independent verifier accepts them', async () => {
    const { request, envelope } = await deliver('product.updated');
    const signature = request.headers['x-webhook-signature'];
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    const body = request.body.toString('utf8');
    expect(await verify(SECRET, body, `sha256=${signature}`)).toBe(true);
    expect(await verify('another secret', body, `sha256=${signature}`)).toBe(false);
    expect(request.headers['content-type']).toBe('application/json');
    expect(envelope).toEqual({
      id: expect.any(String),
      type: 'product.updated',
      timestamp: expect.stringMatching(ISO_TIME),
      payload: expect.any(Object),
    });
    expect(catalogue.lines.length).toBeGreaterThan(0);
    expect(catalogue.lines.join('\n')).not.toContain(SECRET);
  });

  it('records the delivery as delivered after one attempt answered 200', async () => {
    const { envelope } = await deliver('invoice.created');
    const entry = await settledNotification(catalogue, envelope.id);
    expect(entry).toMatchObject({ id: envelope.id, type: 'invoice.created' });
    expect(entry.deliveries).toEqual([
      {
        webhookId: expect.any(String),
        notificationUrl: receiver.url,
        state: 'delivered',
        nextAttemptAt: null,
        attempts: [
          {
            attempt: 1,
            at: expect.stringMatching(ISO_TIME),
            status: 200,
            error: null,
            durationMs: expect.any(Number),
            retryAt: null,
          },
        ],
      },
    ]);
  });

  it('sends product.updated with exactly the fields of the product table', async () => {
    const { payload } = (await deliver('product.updated')).envelope;
    expect(Object.keys(payload).sort()).toEqual(
      ['ean', 'forSale', 'name', 'price', 'status', 'type', 'updated'].sort(),
    );
    expect(payload).toEqual({
      ean: expect.stringMatching(/^\d{13}$/),
      name: expect.any(String),
      price: expect.stringMatching(DECIMAL),
      type: expect.any(String),
      status: expect.any(String),
      forSale: expect.any(Boolean),
      updated: expect.stringMatching(ISO_TIME),
    });
  });

  it('sends product.created like product.updated, and product.deleted with the EAN only', async () => {
    const created = (await deliver('product.created')).envelope.payload;
    expect(Object.keys(created).sort()).toEqual(
      ['ean', 'forSale', 'name', 'price', 'status', 'type', 'updated'].sort(),
    );
    const { payload } = (await deliver('product.deleted')).envelope;
    expect(Object.keys(payload)).toEqual(['ean']);
    expect(payload.ean).toMatch(/^\d{13}$/);
  });

  it('sends order.created with exactly the order fields and priced lines of a listed customer', async () => {
    const { payload } = (await deliver('order.created')).envelope;
    expect(Object.keys(payload).sort()).toEqual(
      ['customerId', 'id', 'lines', 'number', 'orderDate', 'origin', 'status'].sort(),
    );
    expect(CUSTOMERS).toContain(payload.customerId);
    expect(payload.orderDate).toMatch(ISO_TIME);
    expect(payload.lines.length).toBeGreaterThan(0);
    for (const line of payload.lines) {
      expect(line).toEqual({
        productEan: expect.stringMatching(/^\d{13}$/),
        quantity: expect.any(Number),
        price: expect.stringMatching(DECIMAL),
      });
      expect(Number.isInteger(line.quantity)).toBe(true);
    }
  });

  it('sends the documented shapes for orders, shipments and invoices as they move on', async () => {
    const order = (await deliver('order.updated')).envelope.payload;
    expect(order).toMatchObject({
      id: expect.any(String),
      number: expect.stringMatching(/^SO-\d+$/),
      status: expect.stringMatching(/^(confirmed|shipped|delivered|cancelled)$/),
      updated: expect.stringMatching(ISO_TIME),
    });
    expect(order.deliveryDate === null || ISO_DATE.test(order.deliveryDate)).toBe(true);
    expect(CUSTOMERS).toContain(order.customerId);

    for (const type of ['shipment.created', 'shipment.updated']) {
      const shipment = (await deliver(type)).envelope.payload;
      expect(Object.keys(shipment).sort()).toEqual(
        [
          'carrier',
          'created',
          'customerId',
          'id',
          'orderId',
          'status',
          'trackingNumber',
          'updated',
        ].sort(),
      );
      expect(CUSTOMERS).toContain(shipment.customerId);
    }
    expect((await deliver('shipment.created')).envelope.payload.status).toBe('label_created');

    const invoice = (await deliver('invoice.created')).envelope.payload;
    expect(invoice).toEqual({
      id: expect.any(String),
      number: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
      orderId: expect.any(String),
      customerId: expect.any(String),
      status: 'open',
      currency: 'EUR',
      total: expect.stringMatching(DECIMAL),
      issueDate: expect.stringMatching(ISO_TIME),
      dueDate: expect.stringMatching(ISO_DATE),
      updated: expect.stringMatching(ISO_TIME),
    });
    const paid = (await deliver('invoice.updated')).envelope.payload;
    expect(['paid', 'overdue']).toContain(paid.status);
  });

  it('delivers a given payload verbatim', async () => {
    const payload = { ean: '8712345678906', name: 'Tea pot', price: '19.95', note: 'ünïcode ✓' };
    const { request, envelope } = await deliver('product.updated', payload);
    expect(envelope.payload).toEqual(payload);
    expect(request.body.toString('utf8')).toContain('ünïcode ✓');
    const signature = String(request.headers['x-webhook-signature']);
    expect(await verify(SECRET, request.body.toString('utf8'), `sha256=${signature}`)).toBe(true);
  });

  it('refuses an unknown event type or a payload that is not an object', async () => {
    const unknown = await catalogue.call('POST', '/_sandbox/events', {
      json: { type: 'order.shipped' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toMatchObject({ type: 'unprocessable', param: 'type' });
    expect(unknown.body.error.message).toContain('"order.shipped"');
    const list = await catalogue.call('POST', '/_sandbox/events', {
      json: { type: 'order.created', payload: [1, 2] },
    });
    expect(list.status).toBe(400);
    expect(list.body.error.param).toBe('payload');
  });
});

describe('who gets what', () => {
  it('delivers an event only to the registrations subscribed to its type', async () => {
    const certificate = await makeCertificate();
    const orders = await startReceiver(certificate, () => 200);
    const products = await startReceiver(certificate, () => 200);
    const catalogue = await startCatalogue({ trustCa: certificate.cert });
    try {
      for (const [receiver, events] of [
        [orders, ['order.created']],
        [products, ['product.updated', 'product.deleted']],
      ] as const) {
        await catalogue.call('POST', '/v1/webhooks', {
          json: { notificationUrl: receiver.url, events },
        });
      }
      const order = (
        await catalogue.call('POST', '/_sandbox/events', { json: { type: 'order.created' } })
      ).body.id;
      const product = (
        await catalogue.call('POST', '/_sandbox/events', { json: { type: 'product.updated' } })
      ).body.id;
      await settledNotification(catalogue, order);
      await settledNotification(catalogue, product);
      const ids = (receiver: Receiver) =>
        receiver.requests.map((r) => JSON.parse(r.body.toString()).id);
      expect(ids(orders)).toEqual([order]);
      expect(ids(products)).toEqual([product]);
    } finally {
      await catalogue.close();
      await orders.close();
      await products.close();
    }
  });

  it('fails deliveries to a receiver whose certificate is not trusted', async () => {
    const certificate = await makeCertificate();
    const receiver = await startReceiver(certificate, () => 200);
    const catalogue = await startCatalogue({ backoffMs: 1 });
    try {
      await catalogue.call('POST', '/v1/webhooks', {
        json: { notificationUrl: receiver.url, events: ['order.created'] },
      });
      const { id } = (
        await catalogue.call('POST', '/_sandbox/events', { json: { type: 'order.created' } })
      ).body;
      const entry = await settledNotification(catalogue, id);
      expect(entry.deliveries[0].state).toBe('failed');
      expect(entry.deliveries[0].attempts[0]).toMatchObject({
        status: null,
        error: expect.stringMatching(/cert/i),
      });
      expect(receiver.requests).toHaveLength(0);
    } finally {
      await catalogue.close();
      await receiver.close();
    }
  });

  it('emits a stream of signed events when simulating', async () => {
    const certificate = await makeCertificate();
    const receiver = await startReceiver(certificate, () => 200);
    const catalogue = await startCatalogue({
      trustCa: certificate.cert,
      simulate: { minMs: 5, maxMs: 20 },
    });
    try {
      await catalogue.call('POST', '/v1/webhooks', {
        json: { notificationUrl: receiver.url, events: [...EVENT_TYPES] },
      });
      await eventually(() => (receiver.requests.length >= 5 ? true : undefined));
      for (const request of receiver.requests) {
        const envelope = JSON.parse(request.body.toString());
        expect(EVENT_TYPES).toContain(envelope.type);
        const signature = String(request.headers['x-webhook-signature']);
        expect(await verify(SECRET, request.body.toString(), `sha256=${signature}`)).toBe(true);
      }
    } finally {
      await catalogue.close();
      await receiver.close();
    }
  });
});
