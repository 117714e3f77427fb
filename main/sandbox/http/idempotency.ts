import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { requestUser } from './auth.ts';
import { ApiError } from './errors.ts';

export interface StoredResponse {
  fingerprint: string;
  /** Null while the first request with this key is still being handled. */
  status: number | null;
  body: string | null;
  createdAt: number;
}

/** Where responses are kept, per user and key (see store/idempotency-keys.ts). */
export interface IdempotencyStore {
  find(userId: string, key: string): StoredResponse | null;
  reserve(userId: string, key: string, fingerprint: string, createdAt: number): void;
  complete(userId: string, key: string, status: number, body: string): void;
  release(userId: string, key: string): void;
  purgeBefore(createdAt: number): void;
}

const IDEMPOTENCY_WINDOW_SECONDS = 24 * 60 * 60;
const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64');

/**
 * Honours `Idempotency-Key` on writes: a repeat of a key by the same user within
 * 24 hours gets the first response (status and body, plus
 * `Idempotent-Replayed: true`) and acts no second time. The same key with a
 * different request is refused (422); a repeat while the first is still in
 * flight gets 409. Server errors and 429s are not kept, so those may be retried.
 */
export function installIdempotency(
  app: FastifyInstance,
  store: IdempotencyStore,
  nowSeconds: () => number,
): void {
  const reserved = new WeakMap<FastifyRequest, { userId: string; key: string }>();

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined || !WRITE_METHODS.has(request.method)) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new ApiError(
        'invalid_request',
        'Idempotency-Key must be 1 to 255 visible ASCII characters.',
        'Idempotency-Key',
      );
    }
    const userId = requestUser(request);
    const now = nowSeconds();
    store.purgeBefore(now - IDEMPOTENCY_WINDOW_SECONDS);
    const fingerprint = fingerprintOf(request);
    const stored = store.find(userId, key);
    if (stored === null) {
      store.reserve(userId, key, fingerprint, now);
      reserved.set(request, { userId, key });
      return;
    }
    if (stored.fingerprint !== fingerprint) {
      throw new ApiError(
        'unprocessable',
        'This Idempotency-Key was used for a different request.',
        'Idempotency-Key',
      );
    }
    if (stored.status === null || stored.body === null) {
      throw new ApiError(
        'idempotency_in_progress',
        'A request with this Idempotency-Key is still being handled.',
        'Idempotency-Key',
      );
    }
    return reply
      .code(stored.status)
      .header('Idempotent-Replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(stored.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const entry = reserved.get(request);
    if (!entry) return payload;
    reserved.delete(request);
    if (reply.statusCode >= 500 || reply.statusCode === 429 || typeof payload !== 'string') {
      store.release(entry.userId, entry.key);
    } else {
      store.complete(entry.userId, entry.key, reply.statusCode, payload);
    }
    return payload;
  });
}
