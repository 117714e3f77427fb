/**
 * `Retry-After` as milliseconds from `now`: either delay-seconds or an
 * HTTP-date (RFC 9110 §10.2.3). Null when absent or unreadable; a date in the
 * past means "now" (0).
 */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Date.parse also accepts bare numbers and other loose forms; an HTTP-date names a weekday or month.
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
