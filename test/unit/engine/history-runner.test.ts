import { describe, expect, it, vi } from 'vitest';
import { createHistoryRunner } from '../../../main/core/engine/history-runner.ts';
import { manualClock } from '../../support/manual-clock.ts';

/** A runner over `steps` units of work, recording what ran when. */
function runner(steps: number, options: { fail?: number[] } = {}) {
  const clock = manualClock();
  const log: string[] = [];
  let done = 0;
  let attempt = 0;
  const history = createHistoryRunner({
    clock,
    async step() {
      attempt += 1;
      if (options.fail?.includes(attempt)) {
        log.push('failed');
        throw new Error('offline');
      }
      done += 1;
      log.push(`step ${done}`);
      return done < steps;
    },
    ready: () => true,
    retryDelay: () => 1_000,
  });
  return { history, clock, log, done: () => done };
}

describe('the background history runner', () => {
  it('runs its steps one after another until none remains', async () => {
    const { history, log } = runner(3);
    history.start();
    await history.settled();
    expect(log).toEqual(['step 1', 'step 2', 'step 3']);
  });

  it('starts no step while a round or a user request runs ahead of it', async () => {
    const { history, log } = runner(50);
    let release!: () => void;
    const round = history.ahead(async () => {
      log.push('round begins');
      await new Promise<void>((resolve) => (release = resolve));
      log.push('round ends');
    });
    history.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['round begins']);
    release();
    await round;
    await history.settled();
    expect(log.slice(0, 3)).toEqual(['round begins', 'round ends', 'step 1']);
    expect(log).toHaveLength(52);
  });

  it('gives the event loop a turn between steps', async () => {
    const { history, done } = runner(1_000);
    history.start();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done()).toBeLessThan(5);
    await history.stop();
  });

  it('waits out a failure, then goes on where it stopped', async () => {
    const { history, clock, log } = runner(2, { fail: [2] });
    history.start();
    await history.settled();
    expect(log).toEqual(['step 1', 'failed']);
    await clock.advance(999);
    expect(log).toHaveLength(2);
    await clock.advance(1);
    await vi.waitFor(() => expect(log).toEqual(['step 1', 'failed', 'step 2']));
  });
});
