import { afterEach, describe, expect, it } from 'vitest';
import {
  notification,
  signedDelivery,
  startRelayProcess,
  type RelayProcess,
} from './relay-harness.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

const BURST = 400;
const SENDERS = 16;
const KILL_AFTER_ANSWERS = 120;

let dir: string;
const running: RelayProcess[] = [];
afterEach(async () => {
  for (const { process } of running.splice(0)) await process.stop();
  removeTempDir(dir);
});

describe('the relay killed in the middle of a burst', () => {
  it('has every delivery it answered 200, once, after a restart on the same data', async () => {
    dir = makeTempDir('parley-relay-crash-');
    const first = await startRelayProcess(dir);
    running.push(first);
    const deliveries = Array.from({ length: BURST }, (_, index) =>
      signedDelivery(notification('order.created', { number: `SO-${index}` })),
    );
    const idOf = (index: number) => JSON.parse(deliveries[index]?.body as string).id as string;

    // 16 senders, as the catalogue service's concurrent deliveries; SIGKILL once 120 are answered.
    const answered: string[] = [];
    let next = 0;
    let killed = false;
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        while (next < BURST) {
          const index = next++;
          const status = await first.post(deliveries[index]!).then(
            (reply) => reply.status,
            () => 0,
          );
          if (status === 200) answered.push(idOf(index));
          if (!killed && answered.length >= KILL_AFTER_ANSWERS) {
            killed = true;
            first.process.child.kill('SIGKILL');
          }
        }
      }),
    );
    await first.process.exited;
    expect(first.process.child.signalCode).toBe('SIGKILL');
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);
    expect(answered.length).toBeLessThan(BURST);

    const second = await startRelayProcess(dir);
    running.push(second);
    const kept = (await second.pullAll()).map((event) => event.id);
    expect(new Set(kept).size).toBe(kept.length);
    expect(kept).toEqual(expect.arrayContaining(answered));

    // The service retries what was not confirmed; afterwards each event is there exactly once.
    for (const [index, delivery] of deliveries.entries()) {
      if (!answered.includes(idOf(index))) expect((await second.post(delivery)).status).toBe(200);
    }
    const all = (await second.pullAll()).map((event) => event.id);
    expect([...all].sort()).toEqual(deliveries.map((_, index) => idOf(index)).sort());
  }, 60_000);
});
