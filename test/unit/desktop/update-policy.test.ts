import { describe, expect, it } from 'vitest';
import type { UpdateState } from '../../../shared/model/desktop.ts';
import {
  CHECK_INTERVAL_MS,
  FIRST_CHECK_DELAY_MS,
  INITIAL_UPDATE_STATE,
  nextCheckIn,
  nextUpdateState,
  updatesOff,
  type UpdaterEvent,
} from '../../../main/desktop/update-policy.ts';

const run = (events: UpdaterEvent[], from: UpdateState = INITIAL_UPDATE_STATE, now = 1_000) =>
  events.reduce((state, event) => nextUpdateState(state, event, now), from);

describe('whether Parley updates itself', () => {
  it('only installed builds with a feed, and only while the setting is on', () => {
    expect(updatesOff({ packaged: false, feedConfigured: true, enabled: true })).toBe(
      'not-installed',
    );
    expect(updatesOff({ packaged: true, feedConfigured: false, enabled: true })).toBe('no-feed');
    expect(updatesOff({ packaged: true, feedConfigured: true, enabled: false })).toBe('turned-off');
    expect(updatesOff({ packaged: true, feedConfigured: true, enabled: true })).toBeNull();
  });
});

describe('when to check', () => {
  it('soon after start, then every six hours, at once after a long sleep', () => {
    expect(nextCheckIn(INITIAL_UPDATE_STATE, 0)).toBe(FIRST_CHECK_DELAY_MS);
    const checked = { ...INITIAL_UPDATE_STATE, lastCheckedAt: 10_000 };
    expect(nextCheckIn(checked, 10_000)).toBe(CHECK_INTERVAL_MS);
    expect(nextCheckIn(checked, 10_000 + CHECK_INTERVAL_MS + 3_600_000)).toBe(0);
  });

  it('not while an update downloads or waits for the restart, nor when off', () => {
    for (const status of ['checking', 'downloading', 'ready', 'off'] as const) {
      expect(nextCheckIn({ ...INITIAL_UPDATE_STATE, status }, 0)).toBeNull();
    }
  });
});

describe('what the user is told', () => {
  it('a newer version downloads quietly, then "Restart to update" is offered', () => {
    const downloading = run([{ type: 'checking' }, { type: 'available', version: '0.2.0' }]);
    expect(downloading).toMatchObject({ status: 'downloading', version: '0.2.0', percent: 0 });
    expect(run([{ type: 'progress', percent: 41.7 }], downloading)).toMatchObject({ percent: 42 });
    expect(run([{ type: 'downloaded', version: '0.2.0' }], downloading)).toEqual({
      ...INITIAL_UPDATE_STATE,
      status: 'ready',
      version: '0.2.0',
      lastCheckedAt: 1_000,
    });
  });

  it('nothing when the feed has nothing newer', () => {
    expect(run([{ type: 'checking' }, { type: 'not-available' }])).toEqual({
      ...INITIAL_UPDATE_STATE,
      lastCheckedAt: 1_000,
    });
  });

  it('a failure is remembered for settings, on one line, and shows no banner', () => {
    const failed = run([
      { type: 'checking' },
      {
        type: 'error',
        message: `Cannot parse update info from latest.yml\n${'at x\n'.repeat(50)}`,
      },
    ]);
    expect(failed).toEqual({
      ...INITIAL_UPDATE_STATE,
      lastCheckedAt: 1_000,
      lastError: 'Cannot parse update info from latest.yml',
    });
    const ready = { ...INITIAL_UPDATE_STATE, status: 'ready' as const, version: '0.2.0' };
    expect(run([{ type: 'error', message: 'later check failed' }], ready)).toMatchObject({
      status: 'ready',
      version: '0.2.0',
    });
  });

  it('a version that is not one is a failure, not an offer', () => {
    expect(run([{ type: 'checking' }, { type: 'available', version: ' ' }])).toMatchObject({
      status: 'idle',
      lastError: 'the feed named no valid version',
    });
  });

  it('turned off and on again by the setting', () => {
    const off = run([{ type: 'off', reason: 'turned-off' }]);
    expect(off).toMatchObject({ status: 'off', reason: 'turned-off' });
    expect(run([{ type: 'on' }], off)).toEqual(INITIAL_UPDATE_STATE);
  });
});
