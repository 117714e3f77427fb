import { describe, expect, it } from 'vitest';
import type { ChangesEvent } from '../../../shared/ipc/events.ts';
import { createChangeAnnouncer } from '../../../main/core/engine/change-announcer.ts';
import { ChangeBatch } from '../../../main/core/events/change-batch.ts';
import { manualClock } from '../../support/manual-clock.ts';

function announcer() {
  const clock = manualClock();
  const events: ChangesEvent[] = [];
  const changes = createChangeAnnouncer((event) => events.push(event), clock);
  /** The threads each event announced, event by event. */
  const threads = () => events.map((event) => [...event.threads].sort());
  return { clock, changes, threads };
}

const thread = (id: string) => new ChangeBatch().thread(id);

describe('announcing changes to the renderer', () => {
  it('announces a change after a quiet spell at once', async () => {
    const { clock, changes, threads } = announcer();
    changes.later(thread('c1'));
    expect(threads()).toEqual([['c1']]);
    await clock.advance(1_000);
    changes.later(thread('c2'));
    expect(threads()).toEqual([['c1'], ['c2']]);
  });

  it('merges a burst into one event a window, each page of a sync no longer an event of its own', async () => {
    const { clock, changes, threads } = announcer();
    for (let page = 0; page < 50; page++) {
      changes.later(thread(`c${page % 3}`));
      await clock.advance(5);
    }
    // 250 ms of pages: the first at once, then one event for each 100 ms window.
    expect(threads()).toEqual([['c0'], ['c0', 'c1', 'c2'], ['c0', 'c1', 'c2']]);
    await clock.advance(100);
    expect(threads()).toHaveLength(4);
    expect(new Set(threads().flat())).toEqual(new Set(['c0', 'c1', 'c2']));
    await clock.advance(1_000);
    expect(threads()).toHaveLength(4);
  });

  it('sends what the user did at once, with what was waiting', async () => {
    const { clock, changes, threads } = announcer();
    changes.later(thread('synced'));
    changes.later(thread('also synced'));
    changes.now(new ChangeBatch().replaced('local_1', 'msg_1').thread('mine'));
    expect(threads()).toEqual([['synced'], ['also synced', 'mine']]);
    await clock.advance(1_000);
    expect(threads()).toHaveLength(2);
  });

  it('announces what is still waiting when it stops, and nothing after', async () => {
    const { clock, changes, threads } = announcer();
    changes.later(thread('c1'));
    changes.later(thread('c2'));
    changes.stop();
    expect(threads()).toEqual([['c1'], ['c2']]);
    changes.later(thread('c3'));
    changes.now(thread('c4'));
    await clock.advance(1_000);
    expect(threads()).toEqual([['c1'], ['c2']]);
  });
});
