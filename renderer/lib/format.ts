const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const longWeekday = new Intl.DateTimeFormat(undefined, { weekday: 'long' });
const dayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const fullDate = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const dayMonthLong = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long' });
const fullDateLong = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

function startOfDay(ms: number): number {
  const date = new Date(ms);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** The start of the local day `days` calendar days before `ms`'s day; days are 23 to 25 hours long. */
function daysBefore(ms: number, days: number): number {
  const date = new Date(startOfDay(ms));
  date.setDate(date.getDate() - days);
  return date.getTime();
}

/** A local calendar-day key, for grouping messages by day. */
export function dayKey(ms: number): number {
  return startOfDay(ms);
}

/** The conversation list's compact time, as Signal and WhatsApp show it. */
export function listTime(ms: number, now = Date.now()): string {
  const age = now - ms;
  if (age < 60_000) return 'now';
  if (age < 3_600_000) return `${Math.floor(age / 60_000)} min`;
  const today = startOfDay(now);
  if (ms >= today) return timeOfDay.format(ms);
  if (ms >= daysBefore(now, 6)) return weekday.format(ms);
  return new Date(ms).getFullYear() === new Date(now).getFullYear()
    ? dayMonth.format(ms)
    : fullDate.format(ms);
}

/** The separator between days in a thread. */
export function dayLabel(ms: number, now = Date.now()): string {
  const today = startOfDay(now);
  const day = startOfDay(ms);
  if (day === today) return 'Today';
  if (day === daysBefore(now, 1)) return 'Yesterday';
  if (day >= daysBefore(now, 6)) return longWeekday.format(ms);
  return new Date(ms).getFullYear() === new Date(now).getFullYear()
    ? dayMonthLong.format(ms)
    : fullDateLong.format(ms);
}

export function messageTime(ms: number): string {
  return timeOfDay.format(ms);
}

export function exactTime(ms: number): string {
  return exact.format(ms);
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

export function fileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${SIZE_UNITS[unit]}`;
}

/** One or two letters for an avatar without a picture. */
export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0] ?? '?'];
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}
