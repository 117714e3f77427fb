/** One first attempt and at most 3 retries, as the spec allows. */
export const MAX_ATTEMPTS = 4;

/** Jitter stays under the doubling, so each wait is still longer than the one before. */
const MAX_JITTER = 0.25;

/**
 * How long to wait after failed attempt `attempt` (1-based): base·2^(attempt−1), plus up to
 * 25 % random jitter so that receivers recovering from an outage are not hit in lockstep.
 */
export function retryDelayMs(attempt: number, baseMs: number, random = Math.random): number {
  const exponential = baseMs * 2 ** (attempt - 1);
  return Math.round(exponential * (1 + MAX_JITTER * random()));
}
