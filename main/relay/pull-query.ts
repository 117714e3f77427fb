import type { Refusal } from './responses.ts';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 500;
export const DEFAULT_WAIT_SECONDS = 0;
export const MAX_WAIT_SECONDS = 30;

export interface PullQuery {
  /** The opaque cursor as sent; absent means from the oldest event kept. */
  after: string | undefined;
  limit: number;
  waitSeconds: number;
}

/**
 * The parameters of `GET /v1/events`, or the 400 that names the first bad
 * one. Unknown parameters are ignored, as the Messaging API does; a known one
 * given twice is refused, since either reading could be wrong.
 */
export function parsePullQuery(search: URLSearchParams): PullQuery | Refusal {
  for (const name of ['after', 'limit', 'wait']) {
    if (search.getAll(name).length > 1) return bad(name, `Give ${name} at most once.`);
  }
  const after = search.get('after') ?? undefined;
  if (after === '') return bad('after', 'after must be a cursor from an earlier answer.');
  const limit = integerIn(search.get('limit'), 1, MAX_LIMIT, DEFAULT_LIMIT);
  if (limit === null) return bad('limit', `limit must be a whole number from 1 to ${MAX_LIMIT}.`);
  const waitSeconds = integerIn(search.get('wait'), 0, MAX_WAIT_SECONDS, DEFAULT_WAIT_SECONDS);
  if (waitSeconds === null) {
    return bad('wait', `wait must be a whole number of seconds from 0 to ${MAX_WAIT_SECONDS}.`);
  }
  return { after, limit, waitSeconds };
}

function integerIn(text: string | null, min: number, max: number, fallback: number) {
  if (text === null) return fallback;
  if (!/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

function bad(param: string, message: string): Refusal {
  return { type: 'invalid_request', message, param };
}
