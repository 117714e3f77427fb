import { afterEach, describe, expect, it } from 'vitest';
import { recordingNotifier } from '../../../main/core/ports/node-adapters.ts';
import { startPulling, type RelayPuller } from '../../../main/core/relay/relay-module.ts';
import { createActivityLog } from '../../../main/core/webhooks/activity-log.ts';
import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { RelayStatus } from '../../../shared/model/relay.ts';
import { DEFAULT_SETTINGS } from '../../../shared/model/settings.ts';
import { manualClock } from '../../support/manual-clock.ts';
import { memoryDatabase } from '../../support/store-fixtures.ts';
import { recordingLog, scriptedServersPerTest, type Scripted } from '../api/scripted-server.ts';

const scripted = scriptedServersPerTest();
const pullers: RelayPuller[] = [];
afterEach(async () => {
  await Promise.all(pullers.splice(0).map((puller) => puller.stop()));
});

const event = (id: string, extra: Record<string, unknown> = {}) => ({
  cursor: `c-${id}`,
  id,
  type: 'order.created',
  timestamp: '2026-11-22T10:00:00Z',
  payload: { id: `ord-${id}` },
  received_at: '2026-11-22T10:00:01.000Z',
  ...extra,
});
const page = (data: unknown[], next = 'c-next', hasMore = false): Scripted => ({
  body: { data, next_cursor: next, has_more: hasMore },
});

/** A puller on a scripted relay, with a clock that moves only when told, and no jitter. */
async function pullFrom(...script: Scripted[]) {
  const server = await scripted(...script);
  const db = memoryDatabase();
  const clock = manualClock();
  const { log, lines } = recordingLog();
  const statuses: RelayStatus[] = [];
  const events: CoreEvent[] = [];
  const puller = startPulling({
    db,
    source: 'catalogue',
    url: server.url,
    token: { given: 'relay-token-0123456789' },
    host: { online: true, suspended: false },
    clock,
    log,
    emit: (coreEvent) => events.push(coreEvent),
    notifier: recordingNotifier(),
    getSettings: () => DEFAULT_SETTINGS,
    onStatus: (status) => statuses.push(status),
    random: () => 1,
  });
  pullers.push(puller);
  return { server, db, clock, lines, statuses, events, puller };
}

describe('the relay pull client', () => {
  it('backs off after each failure, longer each time, and says since when', async () => {
    const { server, clock, puller } = await pullFrom({ status: 503, body: {} });
    const started = clock.now();
    await expect.poll(() => server.seen.length).toBe(1);
    await expect.poll(() => puller.status().state).toBe('unreachable');
    for (const [wait, attempts] of [
      [1_000, 2],
      [2_000, 3],
      [4_000, 4],
    ] as const) {
      await clock.advance(wait - 1);
      expect(server.seen.length).toBe(attempts - 1);
      await clock.advance(1);
      await expect.poll(() => server.seen.length).toBe(attempts);
    }
    expect(puller.status()).toMatchObject({
      state: 'unreachable',
      since: started,
      problem: `The relay at ${new URL(server.url).host} answered 503: it is busy or restarting.`,
    });
  });

  it('asks a relay that ignores `wait` at most once a second', async () => {
    const { server, clock } = await pullFrom(page([]));
    // The catch-up (wait=0), then the first long poll, answered at once and empty.
    await expect.poll(() => server.seen.length).toBe(2);
    expect(
      server.seen.map((request) => new URL(request.url, server.url).searchParams.get('wait')),
    ).toEqual(['0', '30']);
    await clock.advance(999);
    expect(server.seen.length).toBe(2);
    await clock.advance(1);
    await expect.poll(() => server.seen.length).toBe(3);
  });

  it('stores the events it can read, skips those that are not envelopes, and moves on', async () => {
    const { server, db, lines } = await pullFrom(
      page(
        [
          event('a'),
          { cursor: 'c-x', id: 42 },
          event('b', { payload: 'not an object' }),
          event('c'),
        ],
        'c-c',
      ),
      page([]),
    );
    await expect.poll(() => createActivityLog(db).count('catalogue')).toBe(2);
    const ids = createActivityLog(db)
      .list({ offset: 0, limit: 10 })
      .items.map((item) => item.id);
    expect(ids.sort()).toEqual(['a', 'c']);
    expect(lines).toContainEqual(
      expect.objectContaining({ message: 'relay events skipped: not notification envelopes' }),
    );
    // The next request starts after the page, skipped events and all.
    await expect.poll(() => server.seen.length).toBeGreaterThanOrEqual(2);
    expect(new URL(server.seen[1]?.url ?? '', server.url).searchParams.get('after')).toBe('c-c');
  });

  it('says so when the answer is not a relay’s', async () => {
    const { puller, server } = await pullFrom({ body: '<html>a login page</html>' });
    await expect.poll(() => puller.status().state).toBe('unreachable');
    expect(puller.status().problem).toBe(
      `${new URL(server.url).host} answered, but not as a relay does: its events could not be read.`,
    );
  });

  it('sends the token it was given with its address, and only as a bearer token', async () => {
    const { server } = await pullFrom(page([]));
    await expect.poll(() => server.seen.length).toBeGreaterThan(0);
    expect(server.seen[0]?.headers.authorization).toBe('Bearer relay-token-0123456789');
    expect(server.seen[0]?.url).toMatch(/^\/v1\/events\?limit=100&wait=0$/);
  });
});
