import type { FastifyReply } from 'fastify';

/**
 * Every error the sandbox answers with, and the one body shape they share:
 * `{ "error": { "type", "message", "param" } }`.
 */
const ERROR_STATUS = {
  invalid_request: 400,
  authentication_required: 401,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_in_progress: 409,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  server_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: { type: ErrorType; message: string; param: string | null };
}

export class ApiError extends Error {
  readonly type: ErrorType;
  readonly param: string | null;
  readonly headers: Record<string, string>;

  constructor(
    type: ErrorType,
    message: string,
    param: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.type = type;
    this.param = param;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.type];
  }

  toBody(): ErrorBody {
    return { error: { type: this.type, message: this.message, param: this.param } };
  }
}

export const notFound = (what: string, param: string | null = null): ApiError =>
  new ApiError('not_found', `No such ${what}.`, param);

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.status).headers(error.headers).send(error.toBody());
}

/**
 * Maps anything thrown while handling a request (our ApiError, Fastify's own
 * body-parsing errors, bugs) to the error shape. Bugs answer 500 without
 * details so nothing internal leaks.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  const message = error instanceof Error ? error.message : 'Request failed.';
  if (status === 413) return new ApiError('payload_too_large', 'Request body is too large.');
  if (status === 415) {
    return new ApiError(
      'unsupported_media_type',
      'Send application/x-www-form-urlencoded or application/json.',
    );
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError('invalid_request', message);
  }
  return new ApiError('server_error', 'Internal error.');
}
