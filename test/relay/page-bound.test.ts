import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_BYTES } from '../../main/relay/pull.ts';
import { notification, signedDelivery, startTestRelay, type TestRelay } from './relay-harness.ts';

let relay: TestRelay | undefined;
afterEach(async () => {
  await relay?.stop();
  relay = undefined;
});

const EVENT_BYTES = 700_000;
const BACKLOG = 14;

describe('catching up on a big backlog', () => {
  it('comes in pages of bounded size, however many events are asked for, and misses none', async () => {
    const started = (relay = await startTestRelay());
    const numbers = Array.from({ length: BACKLOG }, (_, index) => `SO-${index}`);
    for (const number of numbers) {
      const delivery = signedDelivery(
        notification('order.created', { number, note: 'x'.repeat(EVENT_BYTES) }),
      );
      expect((await started.post(delivery)).status).toBe(200);
    }

    // ~10 MB waiting: one pull of 500 gets what fits in a page, and says more follows.
    const first = await started.pull('limit=500');
    expect(first.status).toBe(200);
    expect(first.body.has_more).toBe(true);
    expect(first.body.data.length).toBeGreaterThan(0);
    expect(first.body.data.length).toBeLessThan(BACKLOG);
    expect(Buffer.byteLength(JSON.stringify(first.body.data))).toBeLessThanOrEqual(
      PAGE_BYTES + 64 * 1024,
    );

    // Many apps catching up at once each get every event, in order.
    const everyone = await Promise.all(Array.from({ length: 12 }, () => started.pullAll()));
    for (const events of everyone) {
      expect(events.map((event) => event.payload.number)).toEqual(numbers);
    }
  }, 60_000);
});
