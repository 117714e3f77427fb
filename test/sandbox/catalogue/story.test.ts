import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Big from 'big.js';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../main/sandbox/catalogue/event-types.ts';
import { PRODUCT_RANGE } from '../../../main/sandbox/catalogue/sample-data.ts';
import { eventually, makeCertificate, startCatalogue, startReceiver } from './support.ts';
import type { Catalogue, Receiver } from './support.ts';

interface Envelope {
  id: string;
  type: string;
  timestamp: string;
  // Each check below says which fields it reads.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  payload: any;
}

const DAY_MS = 86_400_000;
const ORDER_MOVES: Record<string, string[]> = {
  open: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'delivered'],
  shipped: ['delivered'],
};
const SHIPMENT_MOVES: Record<string, string[]> = {
  label_created: ['in_transit'],
  in_transit: ['out_for_delivery'],
  out_for_delivery: ['delivered'],
};

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (running.length > 0) await running.pop()?.close();
});

/** A catalogue service delivering every event type to a receiver that takes them all. */
async function subscribed(): Promise<{ catalogue: Catalogue; receiver: Receiver }> {
  const certificate = await makeCertificate();
  const receiver = await startReceiver(certificate, () => 200);
  running.push(receiver);
  const catalogue = await startCatalogue({ trustCa: certificate.cert, customerIds: ['ava'] });
  running.push(catalogue);
  const registered = await catalogue.call('POST', '/v1/webhooks', {
    json: { notificationUrl: receiver.url, events: [...EVENT_TYPES] },
  });
  expect(registered.status).toBe(201);
  return { catalogue, receiver };
}

/** The envelopes of `ids`, in that order, once each has arrived (a retried one counts once). */
async function received(receiver: Receiver, ids: string[]): Promise<Envelope[]> {
  const byId = () =>
    new Map(
      receiver.requests.map((request) => {
        const envelope = JSON.parse(request.body.toString()) as Envelope;
        return [envelope.id, envelope];
      }),
    );
  await eventually(() => (ids.every((id) => byId().has(id)) ? true : undefined));
  const envelopes = byId();
  return ids.map((id) => envelopes.get(id) as Envelope);
}

/**
 * Reads the events in the order the service gave them, as a shop owner would
 * read the feed from the bottom up, and fails on the first thing that could
 * not have happened: a resource used before it was announced, a move its state
 * does not allow, an amount that does not add up, an invoice overdue early.
 */
function expectBelievable(events: Envelope[]) {
  const products = new Map<string, { type: string; status: string }>();
  const orders = new Map<
    string,
    { status: string; lines: { quantity: number; price: string }[] }
  >();
  const shipments = new Map<string, string>();
  const invoices = new Map<string, { status: string; dueDate: string }>();
  const rangeType = (name: string) =>
    PRODUCT_RANGE.find((item) => name === item.name || name.startsWith(`${item.name} (`))?.type;
  let last = 0;
  for (const { type, timestamp, payload } of events) {
    const at = Date.parse(timestamp);
    const where = `${type} at ${timestamp} (${JSON.stringify(payload)})`;
    expect(at, `${where} is out of order`).toBeGreaterThanOrEqual(last);
    last = at;
    switch (type) {
      case 'product.created':
        expect(products.has(payload.ean), where).toBe(false);
        expect(rangeType(payload.name), `${where}: type fits the product`).toBe(payload.type);
        products.set(payload.ean, payload);
        break;
      case 'product.updated':
        expect(products.has(payload.ean), where).toBe(true);
        if (payload.type !== 'physical')
          expect(payload.status, where).toMatch(/in_stock|discontinued/);
        expect(payload.forSale, where).toBe(payload.status !== 'discontinued');
        products.set(payload.ean, payload);
        break;
      case 'product.deleted':
        expect(products.get(payload.ean)?.status, `${where}: only discontinued goods go`).toBe(
          'discontinued',
        );
        products.delete(payload.ean);
        break;
      case 'order.created':
        for (const line of payload.lines) {
          const product = products.get(line.productEan);
          expect(product, `${where}: line for a product never announced`).toBeDefined();
          expect(product?.status, where).not.toMatch(/out_of_stock|discontinued/);
        }
        orders.set(payload.id, payload);
        break;
      case 'order.updated': {
        const before = orders.get(payload.id);
        expect(before, `${where}: order never announced`).toBeDefined();
        expect(ORDER_MOVES[before?.status ?? ''], `${where} after ${before?.status}`).toContain(
          payload.status,
        );
        orders.set(payload.id, payload);
        break;
      }
      case 'shipment.created':
        expect(orders.get(payload.orderId)?.status, `${where}: ships a confirmed order`).toBe(
          'confirmed',
        );
        shipments.set(payload.id, payload.status);
        break;
      case 'shipment.updated':
        expect(SHIPMENT_MOVES[shipments.get(payload.id) ?? ''], where).toContain(payload.status);
        shipments.set(payload.id, payload.status);
        break;
      case 'invoice.created': {
        const order = orders.get(payload.orderId);
        expect(order, `${where}: invoices an order never announced`).toBeDefined();
        const total = (order?.lines ?? []).reduce(
          (sum, line) => sum.plus(new Big(line.price).times(line.quantity)),
          new Big(0),
        );
        expect(payload.total, `${where}: the total is the order's`).toBe(total.toFixed(2));
        expect(payload.currency).toBe('EUR');
        expect(Date.parse(payload.dueDate)).toBeGreaterThan(at);
        invoices.set(payload.id, payload);
        break;
      }
      case 'invoice.updated': {
        const before = invoices.get(payload.id);
        expect(before, `${where}: invoice never announced`).toBeDefined();
        if (payload.status === 'overdue') {
          // The due date has passed from the midnight that ends it.
          expect(at, `${where}: overdue before it was due`).toBeGreaterThanOrEqual(
            Date.parse(payload.dueDate) + DAY_MS,
          );
        }
        expect(before?.status === 'open' || payload.status === 'paid', where).toBe(true);
        invoices.set(payload.id, payload);
        break;
      }
    }
  }
}

describe('the demo shop’s story', () => {
  it('tells its last weeks in events with their own times that could all have happened', async () => {
    const { catalogue, receiver } = await subscribed();
    const before = Date.now();
    const answer = await catalogue.call('POST', '/_sandbox/history', { json: { days: 30 } });
    expect(answer.status).toBe(202);
    const events = await received(receiver, answer.body.ids);
    expect(events.length).toBeGreaterThan(30);
    expect(Date.parse(events[0]!.timestamp)).toBeLessThan(before - 29 * DAY_MS);
    expect(Date.parse(events.at(-1)!.timestamp)).toBeLessThanOrEqual(Date.now());
    const types = new Set(events.map((event) => event.type));
    for (const type of ['product.created', 'order.created', 'order.updated', 'invoice.created']) {
      expect(types).toContain(type);
    }
    expectBelievable(events);

    const again = await catalogue.call('POST', '/_sandbox/history', { json: {} });
    expect(again.status).toBe(409);
    expect(again.body.error.type).toBe('conflict');
  });

  it('refuses a history of no days or of years', async () => {
    const { catalogue } = await subscribed();
    for (const days of [0, 400, 'many']) {
      const answer = await catalogue.call('POST', '/_sandbox/history', { json: { days } });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.body.error.param).toBe('days');
    }
  });

  it('goes on believably from its history when it simulates', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'parley-story-')), 'sandbox.db');
    const certificate = await makeCertificate();
    const receiver = await startReceiver(certificate, () => 200);
    running.push(receiver);
    const options = { dataFile, trustCa: certificate.cert, customerIds: ['ava'] };
    const first = await startCatalogue(options);
    await first.call('POST', '/v1/webhooks', {
      json: { notificationUrl: receiver.url, events: [...EVENT_TYPES] },
    });
    const { ids } = (await first.call('POST', '/_sandbox/history', { json: { days: 7 } })).body;
    await received(receiver, ids);
    await first.close();

    // The same shop, now moving on every few milliseconds.
    const second = await startCatalogue({ ...options, simulate: { minMs: 5, maxMs: 15 } });
    running.push(second);
    await eventually(() => (receiver.requests.length >= ids.length + 40 ? true : undefined));
    await second.close();
    running.pop();
    const reopened = await startCatalogue(options);
    running.push(reopened);
    const log = await reopened.call('GET', '/_sandbox/deliveries?limit=100');
    const published = (log.body.data as { id: string }[]).map((entry) => entry.id).reverse();
    expect(published.slice(0, ids.length)).toEqual(ids);
    expectBelievable(await received(receiver, published));
  });

  it('never makes an invoice overdue minutes after it was issued, nor a product of the wrong kind', async () => {
    const { catalogue, receiver } = await subscribed();
    const ids: string[] = [];
    for (const type of [
      ...Array.from({ length: 16 }, () => 'product.created'),
      ...Array.from({ length: 6 }, () => 'invoice.created'),
      ...Array.from({ length: 12 }, () => 'invoice.updated'),
    ]) {
      const answer = await catalogue.call('POST', '/_sandbox/events', { json: { type } });
      expect(answer.status).toBe(202);
      ids.push(answer.body.id);
    }
    const events = await received(receiver, ids);
    const rangeType = new Map(PRODUCT_RANGE.map((item) => [item.name, item.type]));
    for (const { type, payload } of events) {
      if (type === 'product.created') expect(payload.type).toBe(rangeType.get(payload.name));
      if (type === 'invoice.updated') expect(payload.status).toBe('paid');
    }
  });
});
