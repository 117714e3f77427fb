import { afterAll, describe, expect, it } from 'vitest';

// Days around a daylight-saving change are 23 or 25 hours long. The zone is set
// before the module loads, so its formatters are made in that zone too.
const originalTz = process.env.TZ;
process.env.TZ = 'Europe/Berlin';
const { dayLabel, listTime } = await import('../../../renderer/lib/format.ts');
afterAll(() => {
  process.env.TZ = originalTz;
});

const at = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).getTime();

describe('day names across a daylight-saving change (Europe/Berlin)', () => {
  it('still calls the day before "Yesterday" after the clocks went forward or back', () => {
    expect(new Date(at(2025, 3, 31)).getTimezoneOffset()).toBe(-120);
    expect(dayLabel(at(2025, 3, 30, 10), at(2025, 3, 31, 9))).toBe('Yesterday');
    expect(dayLabel(at(2025, 10, 26, 10), at(2025, 10, 27, 9))).toBe('Yesterday');
  });

  it('shows a date, not the weekday of today, for the same weekday a week ago', () => {
    const lastMonday = listTime(at(2025, 3, 24, 23, 30), at(2025, 3, 31, 9));
    expect(lastMonday).not.toBe('Mon');
    expect(lastMonday).toMatch(/\b24\b/);
  });
});
