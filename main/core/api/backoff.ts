/**
 * Exponential backoff with "equal jitter" (half fixed, half random): spreads retries
 * of many clients so a recovering server is not hit by all of them at once.
 */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const WRITE_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 15 * 60_000 };
export const POLL_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 5 * 60_000 };

export function backoffDelay(
  policy: BackoffPolicy,
  failures: number,
  retryAfterMs: number | null = null,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
  const jittered = Math.round(ceiling / 2 + (random() * ceiling) / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
}
