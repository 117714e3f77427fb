import { describe, expect, it } from 'vitest';
import { ALICE, clientFor, open, sandbox, send, threeUsers } from './support.ts';

describe('authentication', () => {
  it.each([
    ['no header', null],
    ['an unknown token', 'not-a-token'],
  ])('answers 401 with WWW-Authenticate for %s', async (_, token) => {
    const { sandbox: started } = await threeUsers();
    const client = clientFor(started, token);
    for (const path of ['/v1/conversations', '/v1/messages', '/v1/messages/anything']) {
      const reply = await client('GET', path);
      expect(reply.status).toBe(401);
      expect(reply.headers.get('www-authenticate')).toBe('Bearer');
      expect(reply.body.error.type).toBe('authentication_required');
    }
  });

  it('generates one user "you" with a token when none is given', async () => {
    const started = await sandbox();
    expect(started.users).toHaveLength(1);
    expect(started.users[0]?.contactId).toBe('you');
    const reply = await clientFor(started, started.users[0]?.token ?? '')(
      'GET',
      '/v1/conversations',
    );
    expect(reply.status).toBe(200);
  });

  it('refuses bad user setups before starting', async () => {
    await expect(
      sandbox({ users: [ALICE, { contactId: 'alice', token: 'other' }] }),
    ).rejects.toThrow(/twice/);
    await expect(sandbox({ users: [{ contactId: 'has space', token: 't' }] })).rejects.toThrow(
      /bad user id/,
    );
    await expect(sandbox({ faults: 'explode=1' })).rejects.toThrow(/unknown fault/);
  });
});

describe('HTTP protocol', () => {
  it('answers 405 with Allow for a wrong method on a known path', async () => {
    const { alice } = await threeUsers();
    const onList = await alice('PATCH', '/v1/messages');
    expect(onList.status).toBe(405);
    expect(onList.headers.get('allow')).toBe('GET, POST, HEAD');
    expect(onList.body.error.type).toBe('method_not_allowed');
    const onItem = await alice('POST', '/v1/conversations/conv_x');
    expect(onItem.status).toBe(405);
    expect(onItem.headers.get('allow')).toBe('GET, PUT, DELETE, HEAD');
  });

  it('answers 404 in the error shape for an unknown path', async () => {
    const { alice } = await threeUsers();
    const reply = await alice('GET', '/v2/messages');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      error: { type: 'not_found', message: expect.any(String), param: null },
    });
  });

  it('answers 413 for a body over the limit, and stores nothing', async () => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const reply = await alice('POST', '/v1/messages', {
      form: { conversation_id: id, message: 'x'.repeat(300_000) },
    });
    expect(reply.status).toBe(413);
    expect(reply.body.error.type).toBe('payload_too_large');
    expect((await alice('GET', '/v1/messages')).body.data).toEqual([]);
  });

  it('answers 415 for a body that is neither a form nor JSON', async () => {
    const { alice } = await threeUsers();
    const reply = await alice('POST', '/v1/conversations', {
      raw: '<contact_id>bob</contact_id>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(reply.status).toBe(415);
    expect(reply.body.error.type).toBe('unsupported_media_type');
  });

  it.each([
    ['malformed JSON', '{"contact_id":'],
    ['a JSON array', '["bob"]'],
    ['a prototype-polluting key', '{"__proto__":{"x":1},"contact_id":"bob"}'],
  ])('answers 400 for %s', async (_, raw) => {
    const { alice } = await threeUsers();
    const reply = await alice('POST', '/v1/conversations', {
      raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.type).toBe('invalid_request');
    expect((await alice('GET', '/v1/conversations')).body.data).toEqual([]);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a user is over the limit; other users are not affected', async () => {
    const { alice, bob } = await threeUsers({ rateLimitPerMinute: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await alice('GET', '/v1/conversations')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await alice('GET', '/v1/conversations');
    expect(limited.body.error.type).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await bob('GET', '/v1/conversations')).status).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response to a repeated POST and sends only once', async () => {
    const { alice, bob } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const request = {
      form: { conversation_id: id, message: 'once' },
      headers: { 'idempotency-key': 'send-1' },
    };
    const first = await alice('POST', '/v1/messages', request);
    const again = await alice('POST', '/v1/messages', request);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await bob('GET', '/v1/messages')).body.data).toHaveLength(1);
  });

  it('replays errors and deletes too, so a retried DELETE still answers 200', async () => {
    const { alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const message = await send(alice, id, 'bye');
    const headers = { 'idempotency-key': 'delete-1' };
    expect((await alice('DELETE', `/v1/messages/${message.id}`, { headers })).status).toBe(200);
    const retried = await alice('DELETE', `/v1/messages/${message.id}`, { headers });
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ id: message.id, deleted: true });
    expect((await alice('DELETE', `/v1/messages/${message.id}`)).status).toBe(404);
  });

  it('keeps keys per user, refuses a key reused for another request, and refuses malformed keys', async () => {
    const { alice, bob } = await threeUsers();
    const headers = { 'idempotency-key': 'shared-key' };
    const withBob = await alice('POST', '/v1/conversations', {
      form: { contact_id: 'bob' },
      headers,
    });
    const withAlice = await bob('POST', '/v1/conversations', {
      form: { contact_id: 'carol' },
      headers,
    });
    expect(withAlice.body.contact_id).toBe('carol');
    const reused = await alice('POST', '/v1/conversations', {
      form: { contact_id: 'carol' },
      headers,
    });
    expect(reused.status).toBe(422);
    expect(reused.body.error.param).toBe('Idempotency-Key');
    expect(
      (await alice('GET', '/v1/conversations')).body.data.map((c: { id: string }) => c.id),
    ).toEqual([withBob.body.id]);
    const malformed = await alice('POST', '/v1/conversations', {
      form: { contact_id: 'carol' },
      headers: { 'idempotency-key': 'x'.repeat(256) },
    });
    expect(malformed.status).toBe(400);
  });
});

describe('fault injection', () => {
  it('answers 503 without acting while 5xx=1, and works again once faults are off', async () => {
    const { sandbox: started, alice } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    started.setFaults('5xx=1');
    const failed = await alice('POST', '/v1/messages', {
      form: { conversation_id: id, message: 'lost?' },
    });
    expect(failed.status).toBe(503);
    expect(failed.body.error.type).toBe('service_unavailable');
    started.setFaults(null);
    expect((await alice('GET', '/v1/messages')).body.data).toEqual([]);
  });

  it('drops connections with reset=1', async () => {
    const { alice } = await threeUsers({ faults: 'reset=1' });
    await expect(alice('GET', '/v1/conversations')).rejects.toThrow();
  });

  it('with lost=1 the write happens but the answer is lost; a retry with the same key gets it without a second send', async () => {
    const { sandbox: started, alice, bob } = await threeUsers();
    const id = await open(alice, { contact_id: 'bob' });
    const request = {
      form: { conversation_id: id, message: 'exactly once' },
      headers: { 'idempotency-key': 'outbox-7' },
    };
    started.setFaults('lost=1');
    await expect(alice('POST', '/v1/messages', request)).rejects.toThrow();
    started.setFaults(null);
    const retried = await alice('POST', '/v1/messages', request);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    const received = await bob('GET', '/v1/messages');
    expect(received.body.data.map((m: { id: string }) => m.id)).toEqual([retried.body.id]);
  });

  it('adds latency and refuses a bad spec at runtime, keeping the old one', async () => {
    const { sandbox: started, alice } = await threeUsers();
    started.setFaults('latency=30');
    expect((await alice('GET', '/v1/conversations')).status).toBe(200);
    expect(() => started.setFaults('5xx=2')).toThrow(/probability/);
    expect(() => started.setFaults('latency=9-3')).toThrow(/latency/);
    expect((await alice('GET', '/v1/conversations')).status).toBe(200);
  });
});
