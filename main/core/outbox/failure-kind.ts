import { ApiError } from '../api/api-error.ts';
import { PermanentFailure } from './permanent-failure.ts';

/**
 * What a failed request means for the write behind it:
 * - transient: try again later (network, timeout, 5xx, 408, 429);
 * - unknown-outcome: transient, and the request may have reached the server;
 * - gone: the record no longer exists on the server;
 * - unauthorized: stop everything until the user signs in again;
 * - permanent: the server refused it; the user decides.
 */
export type FailureKind = 'transient' | 'unknown-outcome' | 'gone' | 'unauthorized' | 'permanent';

export function classifyFailure(error: unknown): FailureKind {
  if (error instanceof PermanentFailure) return 'permanent';
  if (!(error instanceof ApiError)) return 'unknown-outcome';
  if (error.kind === 'network' || error.kind === 'timeout') return 'unknown-outcome';
  if (error.kind === 'unauthorized') return 'unauthorized';
  if (error.kind === 'not-found') return 'gone';
  if (error.kind === 'server' || error.kind === 'rate-limited' || error.status === 408) {
    return 'transient';
  }
  return 'permanent';
}

export function retryAfterOf(error: unknown): number | null {
  return error instanceof ApiError ? error.retryAfterMs : null;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
