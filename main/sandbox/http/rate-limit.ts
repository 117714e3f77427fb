import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { isPublicRoute } from './auth.ts';
import { ApiError } from './errors.ts';

interface Bucket {
  tokens: number;
  refilledAt: number;
}

/**
 * A token bucket per user: `perMinute` requests in a burst, refilled evenly
 * over the minute. Over the limit: 429 with Retry-After in whole seconds.
 * Public routes have no user, and no bucket.
 */
export function rateLimit(options: {
  perMinute: number;
  keyOf: (request: FastifyRequest) => string;
  now?: () => number;
}): onRequestHookHandler {
  const { perMinute, keyOf } = options;
  if (!Number.isInteger(perMinute) || perMinute < 1) {
    throw new Error(`rate limit must be a positive integer per minute, got ${perMinute}`);
  }
  const now = options.now ?? Date.now;
  const perMs = perMinute / 60_000;
  const buckets = new Map<string, Bucket>();
  return async (request) => {
    if (isPublicRoute(request)) return;
    const key = keyOf(request);
    const time = now();
    const bucket = buckets.get(key) ?? { tokens: perMinute, refilledAt: time };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (time - bucket.refilledAt) * perMs);
    bucket.refilledAt = time;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
      throw new ApiError('rate_limited', `Over ${perMinute} requests a minute; slow down.`, null, {
        'Retry-After': String(retryAfter),
      });
    }
    bucket.tokens -= 1;
  };
}
