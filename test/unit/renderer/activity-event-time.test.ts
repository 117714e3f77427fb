import { describe, expect, it } from 'vitest';
import { eventTimeText } from '../../../renderer/components/activity/event-time-text.ts';

const now = new Date(2026, 10, 24, 15, 30).getTime();
const at = (day: number, hour: number, minute = 0) =>
  new Date(2026, 10, day, hour, minute).getTime();
const clock = (ms: number) =>
  new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(ms);

describe('when an activity card says it happened', () => {
  it('gives the time of day with the day, not just the day', () => {
    expect(eventTimeText(now - 20_000, now)).toBe('now');
    expect(eventTimeText(at(24, 15, 10), now)).toBe('20 min');
    expect(eventTimeText(at(24, 9, 5), now)).toBe(clock(at(24, 9, 5)));
    expect(eventTimeText(at(23, 20), now)).toContain(clock(at(23, 20)));
    expect(eventTimeText(at(23, 20), now)).not.toBe(clock(at(23, 20)));
    expect(eventTimeText(at(4, 11), now)).toMatch(/Nov|11/);
    expect(eventTimeText(at(4, 11), now)).toContain(clock(at(4, 11)));
  });
});
