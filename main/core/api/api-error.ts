import type { ApiErrorKind } from './messaging-api.ts';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** The HTTP status; null when no response arrived (network, timeout) or the input was refused before sending. */
  status: number | null;
  message: string;
  /** The request field the server (or the client's own check) blamed, when named. */
  field?: string | null;
  /** How long the server asked us to wait before trying again. */
  retryAfterMs?: number | null;
}

/** Every failure of an API call, reduced to the few kinds the core acts on. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly field: string | null;
  readonly retryAfterMs: number | null;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.field = init.field ?? null;
    this.retryAfterMs = init.retryAfterMs ?? null;
  }
}

/** A request the client refuses to send: nothing reaches the server. */
export const invalidInput = (message: string, field: string | null = null) =>
  new ApiError({ kind: 'invalid-input', status: null, message, field });

export function kindForStatus(status: number): ApiErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not-found';
  // The server gave up waiting for the request: the same as our own timeout, and as safe to retry.
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  return 'invalid-input';
}

const DEFAULT_MESSAGES: Record<ApiErrorKind, string> = {
  unauthorized: 'The server did not accept the access token.',
  'not-found': 'The server has no such record.',
  'invalid-input': 'The server refused the request.',
  'rate-limited': 'The server is receiving too many requests; try again shortly.',
  server: 'The server ran into a problem.',
  network: 'Could not reach the server.',
  timeout: 'The server took too long to answer.',
};

export const defaultMessage = (kind: ApiErrorKind) => DEFAULT_MESSAGES[kind];
