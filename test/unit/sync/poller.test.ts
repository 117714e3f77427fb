import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/model/settings.ts';
import { createPoller, type RoundFailure } from '../../../main/core/sync/poller.ts';
import { manualClock } from '../../support/manual-clock.ts';

const POLLING: Settings['polling'] = {
  ...DEFAULT_SETTINGS.polling,
  openMs: 2_000,
  focusedMs: 5_000,
  backgroundMs: 30_000,
};

/** A poller whose rounds are recorded (as ms since start) and fail while `failWith` is set. */
function harness(options: { polling?: Partial<Settings['polling']>; random?: () => number } = {}) {
  const clock = manualClock();
  const start = clock.now();
  const rounds: number[] = [];
  let failWith: RoundFailure | null = null;
  const poller = createPoller({
    clock,
    polling: () => ({ ...POLLING, ...options.polling }),
    async round() {
      rounds.push(clock.now() - start);
      if (failWith) throw new Error('round failed');
    },
    classify: () => failWith ?? { stop: false, retryAfterMs: null },
    random: options.random ?? (() => 0.5),
  });
  const gaps = () => rounds.slice(1).map((at, i) => at - (rounds[i] as number));
  return {
    clock,
    poller,
    rounds,
    gaps,
    fail(failure: RoundFailure | null) {
      failWith = failure;
    },
    /** Rounds that ran because of `action` (if any) and during the next `ms`. */
    async during(ms: number, action: () => void = () => {}) {
      const before = rounds.length;
      action();
      await clock.advance(ms);
      return rounds.length - before;
    },
  };
}

describe('the poller', () => {
  it('polls every backgroundMs in the background, focusedMs when focused, openMs with a conversation open', async () => {
    const h = harness();
    h.poller.start();
    await h.clock.advance(0);
    expect(await h.during(29_999)).toBe(0);
    expect(await h.during(1)).toBe(1);
    expect(await h.during(90_000)).toBe(3);

    h.poller.setActivity({ focused: true, visible: true, openConversationId: null });
    await h.clock.advance(0);
    const focusedAt = h.rounds.length;
    await h.clock.advance(20_000);
    expect(h.gaps().slice(focusedAt - 1)).toEqual([5_000, 5_000, 5_000, 5_000]);

    h.poller.setActivity({ focused: true, visible: true, openConversationId: 'conv_1' });
    await h.clock.advance(0);
    const openAt = h.rounds.length;
    await h.clock.advance(10_000);
    expect(h.gaps().slice(openAt - 1)).toEqual([2_000, 2_000, 2_000, 2_000, 2_000]);

    h.poller.setActivity({ focused: false, visible: false, openConversationId: 'conv_1' });
    expect(await h.during(29_999)).toBe(0);
    expect(await h.during(1)).toBe(1);
  });

  it('polls at once when the window regains focus or a conversation is opened', async () => {
    const h = harness();
    h.poller.start();
    await h.clock.advance(10_000);
    expect(h.rounds).toEqual([0]);
    h.poller.setActivity({ focused: true, visible: true, openConversationId: null });
    await h.clock.advance(0);
    h.poller.setActivity({ focused: true, visible: true, openConversationId: 'conv_1' });
    await h.clock.advance(0);
    expect(h.rounds).toEqual([0, 10_000, 10_000]);
  });

  it('does not poll while offline or suspended, and polls at once when that ends', async () => {
    const h = harness();
    h.poller.setActivity({ focused: true, visible: true, openConversationId: 'conv_1' });
    h.poller.start();
    await h.clock.advance(1_000);
    h.poller.setHostState({ online: false });
    expect(await h.during(600_000)).toBe(0);
    h.poller.setActivity({ focused: false, visible: true, openConversationId: 'conv_1' });
    h.poller.setActivity({ focused: true, visible: true, openConversationId: 'conv_1' });
    expect(await h.during(60_000)).toBe(0);

    expect(await h.during(0, () => h.poller.setHostState({ online: true }))).toBe(1);
    expect(await h.during(2_000)).toBe(1);

    h.poller.setHostState({ suspended: true });
    expect(await h.during(600_000)).toBe(0);
    expect(await h.during(0, () => h.poller.setHostState({ suspended: false }))).toBe(1);
  });

  it('backs off exponentially on errors, with jitter between half and all of each step', async () => {
    const steady = harness({ polling: { backgroundMs: 1_000 } });
    steady.fail({ stop: false, retryAfterMs: null });
    steady.poller.start();
    await steady.clock.advance(60_000);
    // random() = 0.5 puts each delay at three quarters of 2 s, 4 s, 8 s, 16 s, 32 s.
    expect(steady.gaps().slice(0, 5)).toEqual([1_500, 3_000, 6_000, 12_000, 24_000]);
    expect(steady.poller.failures).toBe(steady.rounds.length);

    steady.fail(null);
    await steady.clock.advance(120_000);
    const recovered = steady.gaps().slice(-3);
    expect(recovered).toEqual([1_000, 1_000, 1_000]);
    expect(steady.poller.failures).toBe(0);

    const draws = [0, 1, 0, 1];
    const jittered = harness({
      polling: { backgroundMs: 1_000 },
      random: () => draws.shift() ?? 1,
    });
    jittered.fail({ stop: false, retryAfterMs: null });
    jittered.poller.start();
    await jittered.clock.advance(30_000);
    expect(jittered.gaps().slice(0, 4)).toEqual([1_000, 4_000, 4_000, 16_000]);
  });

  it('never waits more than five minutes between failed rounds', async () => {
    const h = harness({ random: () => 1 });
    h.fail({ stop: false, retryAfterMs: null });
    h.poller.start();
    await h.clock.advance(60 * 60_000);
    expect(Math.max(...h.gaps())).toBe(5 * 60_000);
    expect(h.gaps().slice(-3)).toEqual([300_000, 300_000, 300_000]);
  });

  it("waits at least as long as the server's Retry-After", async () => {
    const h = harness({ polling: { backgroundMs: 1_000 } });
    h.fail({ stop: false, retryAfterMs: 45_000 });
    expect(await h.during(44_999, () => h.poller.start())).toBe(1);
    expect(await h.during(1)).toBe(1);
    expect(h.gaps()).toEqual([45_000]);
  });

  it('stops on a round that asks to stop (401) until started again', async () => {
    const h = harness();
    h.fail({ stop: true });
    h.poller.start();
    await h.clock.advance(0);
    expect(h.poller.isStopped).toBe(true);
    h.poller.setActivity({ focused: true, visible: true, openConversationId: 'conv_1' });
    h.poller.setHostState({ online: false });
    h.poller.setHostState({ online: true });
    expect(await h.during(3_600_000)).toBe(0);
    expect(h.clock.pending).toEqual([]);

    h.fail(null);
    expect(await h.during(0, () => h.poller.start())).toBe(1);
    expect(h.poller.isStopped).toBe(false);
  });
});
