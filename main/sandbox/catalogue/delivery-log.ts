import type { SQLOutputValue } from 'node:sqlite';
import type { EventType } from './event-types.ts';
import { randomId } from './sample-data.ts';
import type { SandboxDatabase } from '../store/database.ts';
import type { Subscriber } from './webhook-registry.ts';

type Row = Record<string, SQLOutputValue>;

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
  publish(
    type: EventType,
    payload: object,
    subscribers: readonly Subscriber[],
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

export function createDeliveryLog({ db, transaction }: SandboxDatabase): DeliveryLog {
  const insertNotification = db.prepare(
    'INSERT INTO webhook_notifications (id, type, timestamp, body) VALUES (?, ?, ?, ?)',
  );
  const insertDelivery = db.prepare(`
    INSERT INTO webhook_deliveries (notification_id, webhook_id, owner, notification_url, state, next_attempt_at)
    VALUES (?, ?, ?, ?, 'pending', ?)`);
  const selectPending = db.prepare(
    "SELECT id, next_attempt_at FROM webhook_deliveries WHERE state = 'pending' ORDER BY next_attempt_at",
  );
  const selectOutgoing = db.prepare(`
    SELECT d.id, d.notification_id, d.notification_url, n.body,
      (SELECT count(*) FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id) AS attempts_made
    FROM webhook_deliveries d JOIN webhook_notifications n ON n.id = d.notification_id
    WHERE d.id = ? AND d.state = 'pending'`);
  const insertAttempt = db.prepare(`
    INSERT INTO webhook_delivery_attempts (delivery_id, attempt, at, status, error, duration_ms, retry_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  // Only a pending delivery moves on: one abandoned mid-attempt stays failed.
  const updateDelivery = db.prepare(
    "UPDATE webhook_deliveries SET state = ?, next_attempt_at = ? WHERE id = ? AND state = 'pending'",
  );
  const abandonPending = db.prepare(
    "UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL WHERE webhook_id = ? AND state = 'pending'",
  );
  const latestNotifications = db.prepare(
    'SELECT id, type, timestamp FROM webhook_notifications ORDER BY seq DESC LIMIT ?',
  );
  const deliveriesOf = db.prepare(
    'SELECT * FROM webhook_deliveries WHERE notification_id = ? AND owner = ? ORDER BY id',
  );
  const attemptsOf = db.prepare(
    'SELECT * FROM webhook_delivery_attempts WHERE delivery_id = ? ORDER BY attempt',
  );

  const toDelivery = (row: Row): DeliveryEntry => ({
    webhookId: String(row.webhook_id),
    notificationUrl: String(row.notification_url),
    state: String(row.state) as DeliveryState,
    nextAttemptAt: isoOrNull(row.next_attempt_at),
    attempts: (attemptsOf.all(Number(row.id)) as Row[]).map((attempt) => ({
      attempt: Number(attempt.attempt),
      at: String(attempt.at),
      status: attempt.status === null ? null : Number(attempt.status),
      error: attempt.error === null ? null : String(attempt.error),
      durationMs: Number(attempt.duration_ms),
      retryAt: isoOrNull(attempt.retry_at),
    })),
  });

  return {
    publish(type, payload, subscribers) {
      const now = new Date();
      const notificationId = randomId('ntf');
      const body = JSON.stringify({
        id: notificationId,
        type,
        timestamp: now.toISOString(),
        payload,
      });
      return transaction(() => {
        insertNotification.run(notificationId, type, now.toISOString(), body);
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
      (selectPending.all() as Row[]).map((row) => ({
        id: Number(row.id),
        nextAttemptAt: Number(row.next_attempt_at),
      })),
    outgoing(deliveryId) {
      const row = selectOutgoing.get(deliveryId) as Row | undefined;
      return (
        row && {
          id: Number(row.id),
          notificationId: String(row.notification_id),
          notificationUrl: String(row.notification_url),
          body: String(row.body),
          attemptsMade: Number(row.attempts_made),
        }
      );
    },
    recordAttempt(deliveryId, attempt, outcome) {
      const next = outcome.state === 'pending' ? outcome.nextAttemptAt : null;
      transaction(() => {
        insertAttempt.run(
          deliveryId,
          attempt.attempt,
          attempt.at,
          attempt.status,
          attempt.error,
          attempt.durationMs,
          next,
        );
        updateDelivery.run(outcome.state, next, deliveryId);
      });
    },
    abandon(webhookId) {
      abandonPending.run(webhookId);
    },
    list: (owner, limit) =>
      (latestNotifications.all(limit) as Row[]).map((row) => ({
        id: String(row.id),
        type: String(row.type),
        timestamp: String(row.timestamp),
        deliveries: (deliveriesOf.all(String(row.id), owner) as Row[]).map(toDelivery),
      })),
  };
}

function isoOrNull(epochMs: SQLOutputValue | undefined): string | null {
  return epochMs === null || epochMs === undefined ? null : new Date(Number(epochMs)).toISOString();
}
