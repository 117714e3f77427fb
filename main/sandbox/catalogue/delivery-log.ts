import type { EventType } from './event-types.ts';
import { randomId } from './sample-data.ts';
import type { SandboxDatabase } from '../store/database.ts';
import type { Subscriber } from './webhook-registry.ts';

export type DeliveryState = 'pending' | 'delivered' | 'failed';

export interface AttemptRecord {
  attempt: number;
  /** ISO 8601 time the request started. */
  at: string;
  /** The receiver's status code, or null when no answer came. */
  status: number | null;
  /** Why the attempt failed without an answer (timeout, connection error), else null. */
  error: string | null;
  durationMs: number;
}

export interface LoggedAttempt extends AttemptRecord {
  /** ISO 8601 time the next attempt was scheduled for after this one, or null when none was. */
  retryAt: string | null;
}

export interface DeliveryEntry {
  webhookId: string;
  notificationUrl: string;
  state: DeliveryState;
  nextAttemptAt: string | null;
  attempts: LoggedAttempt[];
}

export interface NotificationEntry {
  id: string;
  type: string;
  timestamp: string;
  deliveries: DeliveryEntry[];
}

/** What the worker needs to send one more attempt of a pending delivery. */
export interface OutgoingDelivery {
  id: number;
  notificationId: string;
  notificationUrl: string;
  /** The envelope exactly as first serialised: every attempt sends these bytes. */
  body: string;
  attemptsMade: number;
}

export type AttemptOutcome =
  { state: 'delivered' | 'failed' } | { state: 'pending'; nextAttemptAt: number };

/**
 * Notifications, one delivery per subscribed registration, and every attempt. The next attempt
 * time is stored, so a restarted service picks pending retries up where they were.
 */
export interface DeliveryLog {
  /** `at` is when the event happened (the envelope's timestamp); deliveries start at once. */
  publish(
    type: EventType,
    payload: object,
    subscribers: readonly Subscriber[],
    at?: Date,
  ): { notificationId: string; deliveryIds: number[] };
  /** Pending deliveries with the epoch ms of their next attempt. */
  pending(): { id: number; nextAttemptAt: number }[];
  outgoing(deliveryId: number): OutgoingDelivery | undefined;
  recordAttempt(deliveryId: number, attempt: AttemptRecord, outcome: AttemptOutcome): void;
  /** Ends the pending deliveries of a deleted registration as failed. */
  abandon(webhookId: string): void;
  /** Newest notifications first, each with its deliveries to the owner's registrations. */
  list(owner: string, limit: number): NotificationEntry[];
}

type StoredDelivery = Omit<DeliveryEntry, 'nextAttemptAt' | 'attempts'> & {
  id: number;
  nextAttemptAt: number | null;
};
type StoredAttempt = Omit<LoggedAttempt, 'retryAt'> & { retryAt: number | null };

export function createDeliveryLog({
  statement,
  row,
  rows,
  transaction,
}: SandboxDatabase): DeliveryLog {
  // Queries name their columns as the entries' fields; times stored as epoch ms go out as ISO 8601.
  const toDelivery = ({ id, nextAttemptAt, ...delivery }: StoredDelivery): DeliveryEntry => ({
    ...delivery,
    nextAttemptAt: isoOrNull(nextAttemptAt),
    attempts: rows<StoredAttempt>(
      `SELECT attempt, at, status, error, duration_ms AS durationMs, retry_at AS retryAt
       FROM webhook_delivery_attempts WHERE delivery_id = ? ORDER BY attempt`,
      id,
    ).map(({ retryAt, ...attempt }) => ({ ...attempt, retryAt: isoOrNull(retryAt) })),
  });

  return {
    publish(type, payload, subscribers, at) {
      const now = new Date();
      const timestamp = (at ?? now).toISOString();
      const notificationId = randomId('ntf');
      const body = JSON.stringify({ id: notificationId, type, timestamp, payload });
      const insertDelivery = statement(`
        INSERT INTO webhook_deliveries (notification_id, webhook_id, owner, notification_url, state, next_attempt_at)
        VALUES (?, ?, ?, ?, 'pending', ?)`);
      return transaction(() => {
        statement(
          'INSERT INTO webhook_notifications (id, type, timestamp, body) VALUES (?, ?, ?, ?)',
        ).run(notificationId, type, timestamp, body);
        const deliveryIds = subscribers.map((subscriber) =>
          Number(
            insertDelivery.run(
              notificationId,
              subscriber.id,
              subscriber.owner,
              subscriber.notificationUrl,
              now.getTime(),
            ).lastInsertRowid,
          ),
        );
        return { notificationId, deliveryIds };
      });
    },
    pending: () =>
      rows<{ id: number; nextAttemptAt: number }>(
        `SELECT id, next_attempt_at AS nextAttemptAt FROM webhook_deliveries
         WHERE state = 'pending' ORDER BY next_attempt_at`,
      ),
    outgoing: (deliveryId) =>
      row<OutgoingDelivery>(
        `SELECT d.id, d.notification_id AS notificationId, d.notification_url AS notificationUrl,
           n.body,
           (SELECT count(*) FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id) AS attemptsMade
         FROM webhook_deliveries d JOIN webhook_notifications n ON n.id = d.notification_id
         WHERE d.id = ? AND d.state = 'pending'`,
        deliveryId,
      ) ?? undefined,
    recordAttempt(deliveryId, attempt, outcome) {
      const next = outcome.state === 'pending' ? outcome.nextAttemptAt : null;
      transaction(() => {
        statement(`
          INSERT INTO webhook_delivery_attempts (delivery_id, attempt, at, status, error, duration_ms, retry_at)
          VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
          deliveryId,
          attempt.attempt,
          attempt.at,
          attempt.status,
          attempt.error,
          attempt.durationMs,
          next,
        );
        // Only a pending delivery moves on: one abandoned mid-attempt stays failed.
        statement(
          "UPDATE webhook_deliveries SET state = ?, next_attempt_at = ? WHERE id = ? AND state = 'pending'",
        ).run(outcome.state, next, deliveryId);
      });
    },
    abandon(webhookId) {
      statement(
        "UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL WHERE webhook_id = ? AND state = 'pending'",
      ).run(webhookId);
    },
    list: (owner, limit) =>
      rows<Omit<NotificationEntry, 'deliveries'>>(
        'SELECT id, type, timestamp FROM webhook_notifications ORDER BY seq DESC LIMIT ?',
        limit,
      ).map((notification) => ({
        ...notification,
        deliveries: rows<StoredDelivery>(
          `SELECT id, webhook_id AS webhookId, notification_url AS notificationUrl, state,
             next_attempt_at AS nextAttemptAt
           FROM webhook_deliveries WHERE notification_id = ? AND owner = ? ORDER BY id`,
          notification.id,
          owner,
        ).map(toDelivery),
      })),
  };
}

function isoOrNull(epochMs: number | null): string | null {
  return epochMs === null ? null : new Date(epochMs).toISOString();
}
