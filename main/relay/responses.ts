import type { ServerResponse } from 'node:http';

/**
 * Every refusal the relay answers, in the Messaging API's error shape as the
 * sandbox implements it, so an app reads the relay's errors with the code it
 * already has: `{ "error": { "type", "message", "param" } }`.
 */
const ERROR_STATUS = {
  invalid_request: 400,
  authentication_required: 401,
  not_found: 404,
  method_not_allowed: 405,
  cursor_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  server_error: 500,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;

export interface Refusal {
  type: ErrorType;
  message: string;
  param?: string;
  headers?: Record<string, string>;
}

export function statusOf(refusal: Refusal): number {
  return ERROR_STATUS[refusal.type];
}

/** Sends a JSON text as it is (the pull answer is assembled as text). */
export function sendJson(
  response: ServerResponse,
  status: number,
  json: string,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(json)),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(json);
}

export function sendRefusal(response: ServerResponse, refusal: Refusal): void {
  const body = {
    error: { type: refusal.type, message: refusal.message, param: refusal.param ?? null },
  };
  sendJson(response, statusOf(refusal), JSON.stringify(body), refusal.headers);
}
