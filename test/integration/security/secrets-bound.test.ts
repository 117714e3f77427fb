import { afterEach, describe, expect, it } from 'vitest';
import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import { storeBoundSecret, vaultToken } from '../../../main/core/api/credentials.ts';
import { confStore, memoryVault, silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { startSandbox } from '../../../main/sandbox/sandbox.ts';
import { relayUrlProblem } from '../../../shared/model/relay.ts';
import { invoke, recordingServer, signedOutCore, value } from './harness.ts';

const cleanups: (() => unknown)[] = [];
/** What a server with nothing in it answers, for clients whose requests are only counted. */
const emptyPage = { status: 200, header: () => null, text: '{"data":[],"has_more":false}' };
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const registration = (catalogueUrl: string) => ({
  catalogueUrl,
  notificationUrl: 'https://hooks.example.org/parley',
  events: ['order.created'],
});

describe('a secret goes only where it was given for', () => {
  it('keeps the catalogue token for the catalogue URL it was entered with', async () => {
    const entered = await recordingServer(cleanups, (_, response) => {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(
        '{"id":"wh_1","notificationUrl":"https://hooks.example.org/parley","events":["order.created"]}',
      );
    });
    const other = await recordingServer(cleanups);
    const { core } = await signedOutCore(cleanups);

    await value(core, 'webhooks:setCatalogueToken', {
      catalogueUrl: entered.url,
      token: 'catalogue-secret',
    });
    const elsewhere = await invoke(core, 'webhooks:register', registration(other.url));
    const there = await invoke(core, 'webhooks:register', registration(entered.url));

    expect(elsewhere).toMatchObject({
      ok: false,
      error: { code: 'unauthorized', field: 'token', message: expect.stringContaining(other.url) },
    });
    expect(other.seen).toEqual([]);
    expect(there).toMatchObject({ ok: true, value: { id: 'wh_1' } });
    expect(entered.seen.map((request) => request.authorization)).toEqual([
      'Bearer catalogue-secret',
    ]);
  });

  it('says the catalogue token is set only while the catalogue URL is the one it was entered for', async () => {
    const { core } = await signedOutCore(cleanups);
    const presence = await value(core, 'webhooks:setCatalogueToken', {
      catalogueUrl: 'https://catalogue.example.org',
      token: 'catalogue-secret',
    });
    expect(presence).toMatchObject({ catalogueToken: false });

    const same = await value<{ secrets: { catalogueToken: boolean } }>(core, 'settings:update', {
      webhooks: { catalogueUrl: 'https://catalogue.example.org' },
    });
    const changed = await value<{ secrets: { catalogueToken: boolean } }>(core, 'settings:update', {
      webhooks: { catalogueUrl: 'https://other.example.org' },
    });
    expect([same.secrets.catalogueToken, changed.secrets.catalogueToken]).toEqual([true, false]);
  });

  it('asks to sign in again, sending nothing, when the stored server address is not the one the token was given for', async () => {
    const sandbox = await startSandbox({ users: [{ contactId: 'ada', token: 'ada-token' }] });
    cleanups.push(() => sandbox.close());
    const other = await recordingServer(cleanups);
    const vault = memoryVault();

    const first = await signedOutCore(cleanups, { vault });
    await value(first.core, 'session:signIn', { baseUrl: sandbox.url, token: 'ada-token' });
    await first.stop();
    // Another address in the settings file, as a tampered or mistaken one would be.
    confStore(first.dataDir).set('session', { mode: 'server', baseUrl: other.url });

    const second = await signedOutCore(cleanups, { vault, dataDir: first.dataDir });
    await invoke(second.core, 'sync:now');
    expect(await value(second.core, 'session:get')).toMatchObject({
      state: 'reauth-required',
      baseUrl: other.url,
    });
    expect(await value(second.core, 'settings:get')).toMatchObject({
      secrets: { messagingToken: false },
    });
    expect(other.seen.filter((request) => request.authorization !== undefined)).toEqual([]);
  });

  it('sends a stored token only to URLs within the address it was stored with', async () => {
    const entered = await recordingServer(cleanups);
    const other = await recordingServer(cleanups);
    const vault = memoryVault();
    await storeBoundSecret(vault, 'messaging-token', `${entered.url}/api`, 'messaging-secret');
    const client = (baseUrl: string) =>
      createMessagingClient({
        baseUrl,
        getToken: vaultToken(vault, 'messaging-token'),
        log: silentLogger,
      });

    await client(`${entered.url}/api`).listConversations();
    await expect(client(`${entered.url}/apiary`).listConversations()).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    await expect(client(other.url).listConversations()).rejects.toMatchObject({
      kind: 'unauthorized',
    });

    expect(entered.seen).toEqual([
      { method: 'GET', url: '/api/v1/conversations', authorization: 'Bearer messaging-secret' },
    ]);
    expect(other.seen).toEqual([]);
  });

  it('never follows a redirect with the token', async () => {
    const target = await recordingServer(cleanups);
    const redirecting = await recordingServer(cleanups, (_, response) => {
      response.writeHead(307, { location: `${target.url}/v1/conversations` });
      response.end();
    });
    const client = createMessagingClient({
      baseUrl: redirecting.url,
      getToken: async () => 'messaging-secret',
      log: silentLogger,
    });
    await expect(client.listConversations()).rejects.toMatchObject({
      kind: 'invalid-input',
      message: expect.stringContaining('redirect'),
    });
    expect(target.seen).toEqual([]);
  });
});

describe('no token in cleartext off this computer', () => {
  it('refuses an http:// server that is not this computer before any request, naming https', async () => {
    const { core } = await signedOutCore(cleanups);
    for (const baseUrl of [
      'http://parley.example.org',
      'http://192.168.1.20:8080',
      'http://[fe80::1]',
    ]) {
      const result = await invoke(core, 'session:signIn', { baseUrl, token: 'secret' });
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'invalid-request',
          field: 'baseUrl',
          message: expect.stringContaining('https://'),
        },
      });
    }
  });

  it('refuses a plain-http catalogue service elsewhere before sending the token', async () => {
    const { core } = await signedOutCore(cleanups);
    await value(core, 'webhooks:setCatalogueToken', {
      catalogueUrl: 'http://catalogue.example.org',
      token: 'catalogue-secret',
    });
    const result = await invoke(
      core,
      'webhooks:register',
      registration('http://catalogue.example.org'),
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-request',
        field: 'catalogueUrl',
        message: expect.stringContaining('https'),
      },
    });
  });

  it('refuses in the client itself, with no request made', async () => {
    const requests: string[] = [];
    const client = createMessagingClient({
      baseUrl: 'http://parley.example.org',
      getToken: async () => 'secret',
      log: silentLogger,
      exchange: async ({ url }) => {
        requests.push(String(url));
        return emptyPage;
      },
    });
    await expect(client.listConversations()).rejects.toMatchObject({
      kind: 'invalid-input',
      message: expect.stringContaining('https://parley.example.org'),
    });
    expect(requests).toEqual([]);
  });

  it('accepts http:// on this computer: 127.0.0.0/8, ::1 and localhost', async () => {
    const requests: string[] = [];
    for (const baseUrl of [
      'http://127.0.0.1:1',
      'http://127.4.5.6:1',
      'http://[::1]:1',
      'http://localhost:1',
    ]) {
      const client = createMessagingClient({
        baseUrl,
        getToken: async () => 'secret',
        log: silentLogger,
        exchange: async ({ url }) => {
          requests.push(url.host);
          return emptyPage;
        },
      });
      await client.listConversations();
    }
    expect(requests).toEqual(['127.0.0.1:1', '127.4.5.6:1', '[::1]:1', 'localhost:1']);
  });

  it('is one rule: a relay address is accepted or refused, in the same words, as a server', async () => {
    for (const address of [
      'http://127.1:1',
      'http://[::ffff:127.0.0.1]:1',
      'http://LOCALHOST:1',
      'http://parley.example.org:1',
      'http://[::ffff:10.0.0.1]:1',
      'http://127.0.0.1.example.org:1',
    ]) {
      const client = createMessagingClient({
        baseUrl: address,
        getToken: async () => 'secret',
        log: silentLogger,
        exchange: async () => emptyPage,
      });
      const server = await client.listConversations().then(
        () => null,
        (error: Error) => error.message,
      );
      expect(relayUrlProblem(address), address).toBe(server);
    }
  });
});
