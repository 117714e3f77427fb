import type { IdempotencyStore, StoredResponse } from '../http/idempotency.ts';
import type { SandboxDatabase } from './database.ts';

/** Idempotency keys in the sandbox database, so a file-backed sandbox keeps them across restarts. */
export function createIdempotencyKeys({ statement, row }: SandboxDatabase): IdempotencyStore {
  return {
    find(userId, key) {
      const found = row<{
        fingerprint: string;
        status: number | null;
        body: string | null;
        created_at: number;
      }>(
        'SELECT fingerprint, status, body, created_at FROM idempotency_keys WHERE user_id = ? AND key = ?',
        userId,
        key,
      );
      if (!found) return null;
      const stored: StoredResponse = {
        fingerprint: found.fingerprint,
        status: found.status,
        body: found.body,
        createdAt: found.created_at,
      };
      return stored;
    },
    reserve(userId, key, fingerprint, createdAt) {
      statement(
        `INSERT INTO idempotency_keys (user_id, key, fingerprint, created_at) VALUES (?, ?, ?, ?)`,
      ).run(userId, key, fingerprint, createdAt);
    },
    complete(userId, key, status, body) {
      statement(
        'UPDATE idempotency_keys SET status = ?, body = ? WHERE user_id = ? AND key = ?',
      ).run(status, body, userId, key);
    },
    release(userId, key) {
      statement('DELETE FROM idempotency_keys WHERE user_id = ? AND key = ?').run(userId, key);
    },
    purgeBefore(createdAt) {
      statement('DELETE FROM idempotency_keys WHERE created_at < ?').run(createdAt);
    },
  };
}
