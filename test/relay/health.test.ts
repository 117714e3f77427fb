import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import {
  notification,
  signedDelivery,
  startRelayProcess,
  startTestRelay,
  type RelayClient,
  type RelayProcess,
  type TestRelay,
} from './relay-harness.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

let relay: TestRelay | undefined;
let relayProcess: { running: RelayProcess; dir: string } | undefined;
const workers: Worker[] = [];
const onWorker = (message: unknown) => workers.push((message as { worker: Worker }).worker);
afterEach(async () => {
  unsubscribe('worker_threads', onWorker);
  workers.length = 0;
  await relay?.stop();
  relay = undefined;
  if (relayProcess) {
    await relayProcess.running.process.stop();
    removeTempDir(relayProcess.dir);
    relayProcess = undefined;
  }
});

const health = async (test: RelayClient) => {
  const answer = await test.call('/healthz', { method: 'GET' });
  return { status: answer.status, body: JSON.parse(answer.body) as unknown };
};

/**
 * The health check turns 503, giving a reason in these words. The relay
 * reuses a write check's outcome for a second (health.ts), so the healthy
 * answer given before the disk filled can stand that long, and the next check
 * is a write on the store thread: the poll's default second was too short on
 * a loaded machine.
 */
const becomesUnhealthy = (client: RelayClient, reason: RegExp) =>
  expect
    .poll(() => health(client), { timeout: 5_000 })
    .toEqual({ status: 503, body: { ok: false, reason: expect.stringMatching(reason) } });

describe('the relay’s health', () => {
  it('is 200 while it can keep events, and 503 with the reason once its store thread died', async () => {
    // Node announces every worker thread it starts: the relay's store thread is the one started here.
    subscribe('worker_threads', onWorker);
    const started = (relay = await startTestRelay());
    expect(workers).toHaveLength(1);
    expect(await health(started)).toEqual({ status: 200, body: { ok: true } });

    await workers[0]!.terminate();
    await becomesUnhealthy(started, /^the relay's store thread stopped .*; restart the relay$/);
    const delivery = signedDelivery(notification('order.created', { number: 'SO-1' }));
    expect((await started.post(delivery)).status).toBe(500);
  });

  it('is 503 with the reason once a delivery could not be written for lack of room', async () => {
    // The relay as a process whose files may not grow past about 1 MiB: a full disk, for it alone.
    const dir = makeTempDir('parley-relay-full-');
    const running = await startRelayProcess(dir, [], 2048);
    relayProcess = { running, dir };
    expect(await health(running)).toEqual({ status: 200, body: { ok: true } });

    const bulky = 'x'.repeat(200_000);
    let refused = false;
    for (let index = 0; index < 60 && !refused; index++) {
      const delivery = signedDelivery(
        notification('order.created', { number: `SO-${index}`, note: bulky }),
      );
      refused = (await running.post(delivery)).status === 500;
    }
    expect(refused).toBe(true);
    await becomesUnhealthy(running, /^the relay's database cannot be written: .+/);
  });
});
