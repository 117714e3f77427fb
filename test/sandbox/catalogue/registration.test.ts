import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEN, startCatalogue } from './support.ts';
import type { Catalogue } from './support.ts';

const URL_A = 'https://erp.example.test/hooks/parley';

describe('webhook registration', () => {
  let catalogue: Catalogue;
  beforeAll(async () => {
    catalogue = await startCatalogue();
  });
  afterAll(() => catalogue.close());

  it('creates with 201, then lists, retrieves and deletes the registration', async () => {
    const created = await catalogue.call('POST', '/v1/webhooks', {
      json: { notificationUrl: URL_A, events: ['order.created', 'product.updated'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      notificationUrl: URL_A,
      events: ['order.created', 'product.updated'],
    });
    const { id } = created.body;

    const listed = await catalogue.call('GET', '/v1/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toContainEqual(created.body);
    expect(await catalogue.call('GET', `/v1/webhooks/${id}`)).toEqual({
      status: 200,
      body: created.body,
    });

    expect(await catalogue.call('DELETE', `/v1/webhooks/${id}`)).toEqual({
      status: 200,
      body: { id, deleted: true },
    });
    expect((await catalogue.call('GET', `/v1/webhooks/${id}`)).status).toBe(404);
    expect((await catalogue.call('DELETE', `/v1/webhooks/${id}`)).status).toBe(404);
  });

  it('refuses a URL that is not HTTPS, creating nothing', async () => {
    const before = (await catalogue.call('GET', '/v1/webhooks')).body.data.length;
    const answer = await catalogue.call('POST', '/v1/webhooks', {
      json: { notificationUrl: 'http://erp.example.test/hooks', events: ['order.created'] },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ type: 'unprocessable', param: 'notificationUrl' });
    expect(answer.body.error.message).toMatch(/HTTPS/);
    const notUrl = await catalogue.call('POST', '/v1/webhooks', {
      json: { notificationUrl: 'not a url', events: ['order.created'] },
    });
    expect(notUrl.status).toBe(422);
    expect((await catalogue.call('GET', '/v1/webhooks')).body.data).toHaveLength(before);
  });

  it('refuses unknown event types naming the bad one, and an empty list', async () => {
    const unknown = await catalogue.call('POST', '/v1/webhooks', {
      json: { notificationUrl: URL_A, events: ['order.created', 'order.shipped'] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.param).toBe('events[1]');
    expect(unknown.body.error.message).toContain('"order.shipped"');

    const empty = await catalogue.call('POST', '/v1/webhooks', {
      json: { notificationUrl: URL_A, events: [] },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.error.param).toBe('events');
  });

  it('answers 400 to a missing field and 415 to a body that is not JSON', async () => {
    const missing = await catalogue.call('POST', '/v1/webhooks', {
      json: { notificationUrl: URL_A },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ type: 'invalid_request', param: 'events' });

    const form = await catalogue.call('POST', '/v1/webhooks', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `notificationUrl=${encodeURIComponent(URL_A)}&events[]=order.created`,
    });
    expect(form.status).toBe(415);
    expect(form.body.error.type).toBe('unsupported_media_type');
  });

  it('requires a known bearer token on every route', async () => {
    for (const [method, path] of [
      ['POST', '/v1/webhooks'],
      ['GET', '/v1/webhooks'],
      ['GET', '/v1/webhooks/wh_x'],
      ['DELETE', '/v1/webhooks/wh_x'],
      ['POST', '/_sandbox/events'],
      ['GET', '/_sandbox/deliveries'],
    ] as const) {
      for (const token of [null, 'not-a-token']) {
        const answer = await catalogue.call(method, path, {
          token,
          json:
            method === 'POST' ? { notificationUrl: URL_A, events: ['order.created'] } : undefined,
        });
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body.error.type).toBe('authentication_required');
      }
    }
  });

  it("keeps each user's registrations to themselves", async () => {
    const created = await catalogue.call('POST', '/v1/webhooks', {
      json: { notificationUrl: URL_A, events: ['invoice.created'] },
    });
    const { id } = created.body;
    expect((await catalogue.call('GET', `/v1/webhooks/${id}`, { token: BEN })).status).toBe(404);
    expect((await catalogue.call('DELETE', `/v1/webhooks/${id}`, { token: BEN })).status).toBe(404);
    const bensList = await catalogue.call('GET', '/v1/webhooks', { token: BEN });
    expect(bensList.body.data.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await catalogue.call('GET', `/v1/webhooks/${id}`)).status).toBe(200);
  });

  it('answers 405 to a method a webhook path does not take', async () => {
    const answer = await catalogue.call('PUT', '/v1/webhooks', { json: {} });
    expect(answer.status).toBe(405);
    expect(answer.body.error.type).toBe('method_not_allowed');
  });
});
