import { describe, expect, it } from 'vitest';
import {
  dayKey,
  dayLabel,
  fileSize,
  initials,
  listTime,
  plural,
} from '../../../renderer/lib/format.ts';

/** Local wall-clock times, so the tests hold in any time zone. */
const at = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).getTime();

const NOW = at(2025, 6, 18, 15, 30); // a Wednesday
const weekdayOf = (ms: number, style: 'short' | 'long') =>
  new Date(ms).toLocaleDateString(undefined, { weekday: style });

describe('listTime', () => {
  it('says "now" for the last minute and minutes for the last hour', () => {
    expect(listTime(NOW - 59_000, NOW)).toBe('now');
    expect(listTime(NOW - 60_000, NOW)).toBe('1 min');
    expect(listTime(NOW - 59 * 60_000, NOW)).toBe('59 min');
  });

  it('shows the clock time for earlier today', () => {
    const morning = at(2025, 6, 18, 9, 5);
    expect(listTime(morning, NOW)).toMatch(/\b9[:.]05\b/);
  });

  it('shows the weekday for the last six days, even when less than a day ago', () => {
    const lateYesterday = at(2025, 6, 17, 22, 10);
    const earlyToday = at(2025, 6, 18, 1, 20);
    expect(listTime(lateYesterday, earlyToday)).toBe(weekdayOf(lateYesterday, 'short'));
    const sixDaysAgo = at(2025, 6, 12, 8);
    expect(listTime(sixDaysAgo, NOW)).toBe(weekdayOf(sixDaysAgo, 'short'));
  });

  it('shows the date without the year within this year, with it before', () => {
    const lastMonth = listTime(at(2025, 5, 2), NOW);
    expect(lastMonth).toMatch(/\b2\b/);
    expect(lastMonth).not.toMatch(/2025/);
    expect(listTime(at(2024, 12, 31), NOW)).toMatch(/2024/);
  });
});

describe('dayLabel', () => {
  it('names today and yesterday by the calendar, not by 24-hour spans', () => {
    const justAfterMidnight = at(2025, 6, 18, 0, 5);
    expect(dayLabel(at(2025, 6, 18, 0, 1), justAfterMidnight)).toBe('Today');
    expect(dayLabel(at(2025, 6, 17, 23, 59), justAfterMidnight)).toBe('Yesterday');
    expect(dayLabel(at(2025, 6, 17, 0, 0), at(2025, 6, 18, 23, 59))).toBe('Yesterday');
  });

  it('names the rest of the last week by its weekday, older days by date', () => {
    const fiveDaysAgo = at(2025, 6, 13);
    expect(dayLabel(fiveDaysAgo, NOW)).toBe(weekdayOf(fiveDaysAgo, 'long'));
    const older = dayLabel(at(2025, 3, 9), NOW);
    expect(older).toMatch(/\b9\b/);
    expect(older).not.toMatch(/2025/);
    expect(dayLabel(at(2023, 3, 9), NOW)).toMatch(/2023/);
  });
});

describe('dayKey', () => {
  it('is the same for two times on one local day and differs across midnight', () => {
    expect(dayKey(at(2025, 6, 18, 0, 0))).toBe(dayKey(at(2025, 6, 18, 23, 59)));
    expect(dayKey(at(2025, 6, 17, 23, 59))).not.toBe(dayKey(at(2025, 6, 18, 0, 0)));
  });
});

describe('fileSize', () => {
  it('uses the largest unit under 1024, with one decimal below ten', () => {
    expect(fileSize(0)).toBe('0 B');
    expect(fileSize(1023)).toBe('1023 B');
    expect(fileSize(1024)).toBe('1.0 KB');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(52_000)).toBe('51 KB');
    expect(fileSize(5 * 1024 ** 3)).toBe('5.0 GB');
    expect(fileSize(3 * 1024 ** 5)).toBe('3072 TB');
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Ann Lee')).toBe('AL');
    expect(initials('mary jane van dyke')).toBe('MD');
    expect(initials('bob')).toBe('B');
    expect(initials('élodie martin')).toBe('ÉM');
  });

  it('ignores punctuation and emoji, and falls back to a question mark', () => {
    expect(initials('  (team) — ops!  ')).toBe('TO');
    expect(initials('🎉')).toBe('?');
    expect(initials('')).toBe('?');
  });
});

describe('plural', () => {
  it('agrees with the count', () => {
    expect(plural(1, 'message')).toBe('1 message');
    expect(plural(0, 'message')).toBe('0 messages');
    expect(plural(2, 'reply', 'replies')).toBe('2 replies');
    expect(plural(10_000, 'conversation')).toBe((10_000).toLocaleString() + ' conversations');
  });
});
