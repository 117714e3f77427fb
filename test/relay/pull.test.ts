import { copyFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  notification,
  signedDelivery,
  startTestRelay,
  TOKENS,
  type TestRelay,
} from './relay-harness.ts';

const DAY_MS = 24 * 3_600_000;
let relay: TestRelay;
afterEach(() => relay?.stop());

async function deliverOrders(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const event = notification('order.created', { number: `SO-${index}` });
    expect((await relay.post(signedDelivery(event))).status).toBe(200);
    ids.push(event.id);
  }
  return ids;
}

describe('apps pull events from the relay', () => {
  it('pages through every event in the order received, with opaque cursors', async () => {
    relay = await startTestRelay();
    const ids = await deliverOrders(5);

    const first = await relay.pull('limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((event: { id: string }) => event.id)).toEqual(ids.slice(0, 2));
    expect(first.body.has_more).toBe(true);
    expect(first.body.next_cursor).toBe(first.body.data[1].cursor);

    const second = await relay.pull(`limit=2&after=${first.body.next_cursor}`);
    const third = await relay.pull(`limit=2&after=${second.body.next_cursor}`);
    expect(second.body.data.map((event: { id: string }) => event.id)).toEqual(ids.slice(2, 4));
    expect(third.body.data.map((event: { id: string }) => event.id)).toEqual(ids.slice(4));
    expect(third.body.has_more).toBe(false);

    const caughtUp = await relay.pull(`after=${third.body.next_cursor}`);
    expect(caughtUp.body).toEqual({
      data: [],
      next_cursor: third.body.next_cursor,
      has_more: false,
    });
    // Without a limit: 100.
    expect((await relay.pull()).body.data).toHaveLength(5);
  });

  it('serves every app every event: cursors belong to the client, not the relay', async () => {
    relay = await startTestRelay();
    const ids = await deliverOrders(3);
    const laptop = await relay.pullAll(TOKENS[0]);
    const desktop = await relay.pullAll(TOKENS[1]);
    expect(laptop.map((event) => event.id)).toEqual(ids);
    expect(desktop).toEqual(laptop);
  });

  it('holds a pull with wait until the next event arrives, and answers both waiting apps', async () => {
    relay = await startTestRelay();
    await deliverOrders(1);
    const { next_cursor: cursor } = (await relay.pull()).body;

    const laptop = relay.pull(`after=${cursor}&wait=30`, TOKENS[0]);
    const desktop = relay.pull(`after=${cursor}&wait=30`, TOKENS[1]);
    let answered = false;
    void laptop.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);

    const [id] = await deliverOrders(1);
    const [forLaptop, forDesktop] = await Promise.all([laptop, desktop]);
    expect(forLaptop.body.data.map((event: { id: string }) => event.id)).toEqual([id]);
    expect(forDesktop.body).toEqual(forLaptop.body);
  });

  it('answers a wait that ends with nothing new empty, with next_cursor equal to after', async () => {
    relay = await startTestRelay();
    await deliverOrders(2);
    const { next_cursor: cursor } = (await relay.pull()).body;
    const started = Date.now();
    const waited = await relay.pull(`after=${cursor}&wait=1`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(waited.status).toBe(200);
    expect(waited.body).toEqual({ data: [], next_cursor: cursor, has_more: false });
  });

  it('answers a wait at once when there already is something newer', async () => {
    relay = await startTestRelay();
    const ids = await deliverOrders(2);
    const answer = await relay.pull('wait=30');
    expect(answer.body.data.map((event: { id: string }) => event.id)).toEqual(ids);
  });

  it('refuses bad parameters with 400 in the Messaging API error shape, naming the parameter', async () => {
    relay = await startTestRelay();
    await deliverOrders(1);
    const { next_cursor: cursor } = (await relay.pull()).body;
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=2.5', 'limit'],
      ['wait=31', 'wait'],
      ['wait=-1', 'wait'],
      ['wait=1e1', 'wait'],
      ['after=', 'after'],
      ['after=not-a-cursor', 'after'],
      [`after=${cursor}x`, 'after'],
      [`after=${cursor}&after=${cursor}`, 'after'],
      ['limit=5&limit=6', 'limit'],
    ];
    for (const [query, param] of cases) {
      const answer = await relay.pull(query);
      expect([query, answer.status, answer.body]).toEqual([
        query,
        400,
        { error: { type: 'invalid_request', message: expect.any(String), param } },
      ]);
    }
    // Unknown parameters are ignored, as the Messaging API does.
    expect((await relay.pull('colour=blue')).status).toBe(200);
  });

  it('refuses a missing or unknown token with 401 and a Bearer challenge', async () => {
    relay = await startTestRelay();
    const answers = await Promise.all([
      relay.pull('', null),
      relay.pull('', 'app-token-that-nobody-issued'),
      relay.pull('', `${TOKENS[0]}x`),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.body.error.type).toBe('authentication_required');
    }
    const wrongScheme = await relay.call('/v1/events', {
      method: 'GET',
      headers: { authorization: `Basic ${TOKENS[0]}` },
    });
    expect(wrongScheme.status).toBe(401);
  });

  it('removes events past the retention and answers 410 to a cursor from before them', async () => {
    relay = await startTestRelay({ retentionDays: 30 });
    await deliverOrders(2);
    const { next_cursor: latest } = (await relay.pull()).body;
    const { next_cursor: afterFirst } = (await relay.pull('limit=1')).body;

    // Thirty-one days on, a restart (as every hour) removes both; one more arrives.
    await relay.restart({ now: () => Date.now() + 31 * DAY_MS });
    const [third] = await deliverOrders(1);

    const stale = await relay.pull(`after=${afterFirst}`);
    expect(stale.status).toBe(410);
    expect(stale.body.error).toEqual({
      type: 'cursor_expired',
      message: expect.stringContaining('30 days'),
      param: 'after',
    });
    // A client that had seen everything misses nothing: its cursor still works.
    const current = await relay.pull(`after=${latest}`);
    expect(current.body.data.map((event: { id: string }) => event.id)).toEqual([third]);
    // Starting over gives what is kept.
    expect((await relay.pullAll()).map((event) => event.id)).toEqual([third]);
    expect(relay.lines).toContainEqual(expect.stringMatching(/^retention: removed 2 events/));
  });

  it('answers 410 to a cursor of another relay database, so the app starts over', async () => {
    relay = await startTestRelay();
    await deliverOrders(1);
    const { next_cursor: cursor } = (await relay.pull()).body;
    const other = await startTestRelay();
    try {
      const answer = await other.pull(`after=${cursor}`);
      expect(answer.status).toBe(410);
      expect(answer.body.error.message).toMatch(/another relay database/);
    } finally {
      await other.stop();
    }
  });

  it('answers 410 to a cursor ahead of a database restored from an older copy', async () => {
    relay = await startTestRelay();
    await deliverOrders(1);
    const copy = `${relay.dataFile}.copy`;
    await relay.restart({}, () => copyFile(relay.dataFile, copy));
    await deliverOrders(2);
    const { next_cursor: cursor } = (await relay.pull()).body;
    await relay.restart({}, () => copyFile(copy, relay.dataFile));
    const answer = await relay.pull(`after=${cursor}`);
    expect([answer.status, answer.body.error.message]).toEqual([
      410,
      expect.stringContaining('was its data restored?'),
    ]);
  });

  it('answers GET /healthz without a token', async () => {
    relay = await startTestRelay();
    const health = await relay.call('/healthz', { method: 'GET' });
    expect([health.status, JSON.parse(health.body)]).toEqual([200, { ok: true }]);
  });
});
