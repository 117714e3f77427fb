import { describe, expect, it } from 'vitest';
import { createCatalogueClient } from '../../../main/core/api/catalogue-client.ts';
import type { Scripted } from './scripted-server.ts';
import { recordingLog, scriptedServersPerTest } from './scripted-server.ts';

const startServer = scriptedServersPerTest();

async function clientFor(...script: Scripted[]) {
  const server = await startServer(...script);
  const client = createCatalogueClient({
    baseUrl: server.url,
    getToken: async () => 'catalogue-token',
    log: recordingLog().log,
  });
  return { client, server };
}

const input = {
  notificationUrl: 'https://parley.example/webhooks',
  events: ['order.created', 'product.updated'],
};

describe('webhook registration', () => {
  it('posts JSON with the bearer token and returns the registration', async () => {
    const { client, server } = await clientFor({
      status: 201,
      body: { id: 'wh_1', ...input, created: 1_700_000_000 },
    });
    expect(await client.registerWebhook(input)).toEqual({ id: 'wh_1', ...input });
    const [request] = server.seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/webhooks');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer catalogue-token');
    expect(JSON.parse(request?.body ?? '')).toEqual(input);
  });

  it.each(['http://parley.example/webhooks', 'parley.example/webhooks', 'ftp://x.test/', ''])(
    'refuses %j as the notification URL without sending anything',
    async (notificationUrl) => {
      const { client, server } = await clientFor({});
      await expect(client.registerWebhook({ ...input, notificationUrl })).rejects.toMatchObject({
        kind: 'invalid-input',
        field: 'notificationUrl',
        message: expect.stringMatching(/https/i),
      });
      expect(server.seen).toHaveLength(0);
    },
  );

  it('refuses an empty list of events without sending anything', async () => {
    const { client, server } = await clientFor({});
    await expect(client.registerWebhook({ ...input, events: [] })).rejects.toMatchObject({
      field: 'events',
    });
    expect(server.seen).toHaveLength(0);
  });

  it('passes on the service refusal with its words and field', async () => {
    const { client } = await clientFor({
      status: 422,
      body: { error: { message: 'unknown event type: order.exploded', param: 'events' } },
    });
    await expect(client.registerWebhook(input)).rejects.toMatchObject({
      kind: 'invalid-input',
      message: 'unknown event type: order.exploded',
      field: 'events',
    });
  });

  it('does not repeat the registration after a server error, since it could register twice', async () => {
    const { client, server } = await clientFor({ status: 503 });
    await expect(client.registerWebhook(input)).rejects.toMatchObject({ kind: 'server' });
    expect(server.seen).toHaveLength(1);
  });

  it('turns an unreadable confirmation into a server error', async () => {
    const { client } = await clientFor({ status: 201, body: { ok: true } });
    await expect(client.registerWebhook(input)).rejects.toMatchObject({ kind: 'server' });
  });
});
