import { describe, expect, it } from 'vitest';
import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import { createOutboxRunner } from '../../../main/core/outbox/outbox-runner.ts';
import { silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { scriptedServersPerTest, type Scripted } from '../api/scripted-server.ts';
import { manualClock } from '../../support/manual-clock.ts';
import { localDb, T0 } from './local-db.ts';

const startServer = scriptedServersPerTest();

const refusal = (status: number, message: string): Scripted => ({
  status,
  body: { error: { type: 'invalid_request', message, param: null } },
});

/** One queued pin of conv_1, sent once to a server that answers `answer`. */
async function sendOnceTo(answer: Scripted | 'unreachable') {
  const local = localDb();
  local.writes.setPinned('conv_1', true);
  let url = 'http://127.0.0.1:9';
  if (answer !== 'unreachable') {
    url = (await startServer(answer)).url;
  }
  const notices: string[] = [];
  const reachable: boolean[] = [];
  const runner = createOutboxRunner({
    db: local.db,
    api: createMessagingClient({
      baseUrl: url,
      getToken: async () => 'token-alice-0001',
      log: silentLogger,
      timeoutMs: 300,
      retry: { retries: 0 },
    }),
    clock: manualClock(T0),
    log: silentLogger,
    onChanges() {},
    onNotice: (message) => notices.push(message),
    onSettled() {},
    onUnauthorized() {},
    onReachable: (value) => reachable.push(value),
  });
  runner.start();
  await runner.flush();
  await runner.stop();
  const entry = local.db
    .prepare('SELECT state, attempts, next_attempt_at, error FROM outbox')
    .get() as
    { state: string; attempts: number; next_attempt_at: number; error: string | null } | undefined;
  return { entry, notices, reachable, db: local.db };
}

describe('the outbox after a failed attempt', () => {
  it.each([
    ['a 503', { status: 503, body: { error: { message: 'down for maintenance' } } }],
    ['a 500', { status: 500, body: 'oops' }],
    ['a 408', { status: 408, body: '' }],
    ['a 429', { status: 429, body: '' }],
    ['no answer in time', { hang: true }],
    ['an unreachable server', 'unreachable'],
  ] as [string, Scripted | 'unreachable'][])(
    'keeps the write and tries again within the first backoff step after %s',
    async (_, answer) => {
      const { entry } = await sendOnceTo(answer);
      expect(entry).toMatchObject({ state: 'pending', attempts: 1 });
      // Equal jitter on a 1 s first step: between half a second and a second.
      const wait = (entry?.next_attempt_at ?? 0) - T0;
      expect(wait).toBeGreaterThanOrEqual(500);
      expect(wait).toBeLessThanOrEqual(1_000);
    },
  );

  it("waits as long as a 429's Retry-After asks", async () => {
    const { entry } = await sendOnceTo({ status: 429, headers: { 'retry-after': '120' } });
    expect(entry).toMatchObject({ state: 'pending', next_attempt_at: T0 + 120_000 });
  });

  it.each([
    [400, 'is_pinned must be a boolean'],
    [422, 'That value is not allowed here'],
  ])('marks the write failed with the server message after a %i', async (status, message) => {
    const { entry, reachable } = await sendOnceTo(refusal(status, message));
    expect(entry).toMatchObject({ state: 'failed', attempts: 1, error: message });
    expect(reachable).toEqual([true]);
  });

  it('drops a write to a conversation the server no longer has (404), with a notice', async () => {
    const { entry, notices, db } = await sendOnceTo(refusal(404, 'No such conversation'));
    expect(entry).toBeUndefined();
    expect(db.prepare("SELECT 1 FROM conversations WHERE id = 'conv_1'").get()).toBeUndefined();
    expect(notices).toEqual([
      'A conversation was deleted elsewhere (on another device or by the server). What you wrote in it and had not sent is kept above the conversation list.',
    ]);
  });
});
