import { describe, expect, it } from 'vitest';
import { createTraitsLearner, toServerTime } from '../../../main/core/api/server-traits.ts';
import { recordingLog } from './scripted-server.ts';

describe('server traits', () => {
  it('tells seconds from milliseconds by magnitude, value by value', () => {
    const traits = createTraitsLearner(recordingLog().log);
    expect(traits.toMs(1_700_000_000)).toBe(1_700_000_000_000);
    expect(traits.traits.timestampUnit).toBe('seconds');
    expect(traits.toMs(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(traits.traits.timestampUnit).toBe('milliseconds');
    expect(traits.toMs(0)).toBe(0);
    expect(traits.traits.timestampUnit).toBe('milliseconds');
  });

  it('learns the list order from a page with two distinct times, and keeps it for short pages', () => {
    const traits = createTraitsLearner(recordingLog().log);
    expect(traits.pageOrder([5])).toBe('newest-first');
    expect(traits.traits.listOrder).toBe('unknown');
    expect(traits.pageOrder([1, 2, 3])).toBe('oldest-first');
    expect(traits.traits.listOrder).toBe('oldest-first');
    expect(traits.pageOrder([7])).toBe('oldest-first');
    expect(traits.pageOrder([4, 4])).toBe('oldest-first');
    expect(traits.pageOrder([9, 2])).toBe('newest-first');
  });

  it('logs a trait once when learned, not on every value', () => {
    const recorder = recordingLog();
    const traits = createTraitsLearner(recorder.log);
    for (let i = 0; i < 5; i += 1) traits.toMs(1_700_000_000 + i);
    traits.learnCursor('ignored');
    traits.learnCursor('ignored');
    expect(recorder.lines.map((line) => line.fields)).toEqual([
      { trait: 'timestampUnit', value: 'seconds' },
      { trait: 'cursor', value: 'ignored' },
    ]);
  });

  it('sends times in the unit learned, seconds until shown otherwise', () => {
    const base = { listOrder: 'unknown', cursor: 'unknown' } as const;
    expect(toServerTime(1_700_000_000_999, { ...base, timestampUnit: 'unknown' })).toBe(
      1_700_000_000,
    );
    expect(toServerTime(1_700_000_000_999, { ...base, timestampUnit: 'milliseconds' })).toBe(
      1_700_000_000_999,
    );
  });
});
