import { randomUUID } from 'node:crypto';
import { outboxKind, type OutboxKind } from '../../../shared/model/outbox.ts';
import type { Database } from './database.ts';
import { statement } from './statement-cache.ts';
import { payloadSchemas, type Payload } from './outbox-payloads.ts';

export type OutboxState = 'pending' | 'in-flight' | 'failed';

export type OutboxEntry = {
  [K in OutboxKind]: {
    id: number;
    kind: K;
    conversationId: string;
    targetId: string | null;
    payload: Payload<K>;
    idempotencyKey: string;
    state: OutboxState;
    attempts: number;
    nextAttemptAt: number;
    error: string | null;
    createdAt: number;
  };
}[OutboxKind];

export interface OutboxRow {
  id: number;
  kind: string;
  conversation_id: string;
  target_id: string | null;
  payload: string;
  idempotency_key: string;
  state: OutboxState;
  attempts: number;
  next_attempt_at: number;
  error: string | null;
  created_at: number;
}

/** Set on entries that cannot run because the write creating their conversation failed. */
export const BLOCKED_BY_CREATION = 'The conversation could not be started, so this waits for it.';
/** Set on entries that cannot run because the send of the message they change failed. */
export const BLOCKED_BY_SEND = 'The message itself was not sent, so this change waits for it.';
export const BLOCKED_ERRORS = [BLOCKED_BY_CREATION, BLOCKED_BY_SEND] as const;

/** Records a write; called inside the transaction that applies it locally. */
export function enqueue<K extends OutboxKind>(
  db: Database,
  entry: { kind: K; conversationId: string; targetId: string | null; payload: Payload<K> },
  now: number,
): number {
  const result = statement(
    db,
    `INSERT INTO outbox (kind, conversation_id, target_id, payload, idempotency_key, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    entry.kind,
    entry.conversationId,
    entry.targetId,
    JSON.stringify(payloadSchemas[entry.kind].parse(entry.payload)),
    randomUUID(),
    now,
  );
  return Number(result.lastInsertRowid);
}

/**
 * Reads a row back. A row whose kind or payload no longer validates (a bug, a
 * downgrade, a hand-edited file) comes back as null so the caller can mark it
 * failed instead of acting on it.
 */
export function parseEntry(row: OutboxRow): OutboxEntry | null {
  const kind = outboxKind.safeParse(row.kind);
  if (!kind.success) return null;
  let json: unknown;
  try {
    json = JSON.parse(row.payload);
  } catch {
    return null;
  }
  const payload = payloadSchemas[kind.data].safeParse(json);
  if (!payload.success) return null;
  return {
    id: row.id,
    kind: kind.data,
    conversationId: row.conversation_id,
    targetId: row.target_id,
    payload: payload.data,
    idempotencyKey: row.idempotency_key,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    error: row.error,
    createdAt: row.created_at,
  } as OutboxEntry;
}

export function getEntry(db: Database, id: number): OutboxRow | undefined {
  return statement(db, 'SELECT * FROM outbox WHERE id = ?').get(id) as OutboxRow | undefined;
}

export function allEntries(db: Database): OutboxRow[] {
  return statement(db, 'SELECT * FROM outbox ORDER BY id').all() as unknown as OutboxRow[];
}

/**
 * The head of every conversation's queue that is due: the oldest entry that
 * is neither failed nor blocked. Failed entries do not hold up later ones;
 * entries that depend on a failed one are blocked explicitly instead.
 *
 * The pump asks after every confirmed write, so this must not cost a scan of
 * the whole queue: it steps from one queued conversation to the next through
 * the `(state, conversation_id, id)` index (a skip scan), so a flush of n
 * entries stays O(n log n) instead of O(n²).
 */
export function dueHeads(db: Database, now: number, exclude: ReadonlySet<string>): OutboxRow[] {
  const heads = statement(
    db,
    `WITH RECURSIVE queued(conversation_id) AS (
       SELECT MIN(conversation_id) FROM outbox WHERE state = 'pending'
       UNION ALL
       SELECT (SELECT MIN(conversation_id) FROM outbox
               WHERE state = 'pending' AND conversation_id > queued.conversation_id)
       FROM queued WHERE queued.conversation_id IS NOT NULL
     )
     SELECT o.* FROM queued q
     JOIN outbox o ON o.id = (SELECT MIN(id) FROM outbox
                              WHERE state = 'pending' AND conversation_id = q.conversation_id)
     WHERE o.next_attempt_at <= ?
       AND NOT EXISTS (SELECT 1 FROM outbox WHERE state = 'in-flight'
                       AND conversation_id = q.conversation_id AND id < o.id)
     ORDER BY o.id`,
  ).all(now) as unknown as OutboxRow[];
  return heads.filter((row) => !exclude.has(row.conversation_id));
}

/** The oldest pending entry of one conversation, the next to replay there. */
export function nextInConversation(db: Database, conversationId: string): OutboxRow | undefined {
  return statement(
    db,
    `SELECT * FROM outbox WHERE state = 'pending' AND conversation_id = ? ORDER BY id LIMIT 1`,
  ).get(conversationId) as OutboxRow | undefined;
}

/** When the next pending entry becomes due, or null when nothing waits. */
export function nextDueAt(db: Database): number | null {
  const row = statement(
    db,
    `SELECT MIN(next_attempt_at) AS at FROM outbox WHERE state = 'pending'`,
  ).get() as { at: number | null };
  return row.at;
}

export function markInFlight(db: Database, id: number): void {
  statement(db, `UPDATE outbox SET state = 'in-flight', attempts = attempts + 1 WHERE id = ?`).run(
    id,
  );
}

/**
 * A claim given back: the entry is pending again with the attempts and payload
 * it had before (`markInFlight` and the first attempt's time undone). Only for
 * an entry whose request never left.
 */
export function releaseClaim(
  db: Database,
  before: { id: number; attempts: number; payload: unknown },
): void {
  statement(
    db,
    `UPDATE outbox SET state = 'pending', attempts = ?, payload = ? WHERE id = ? AND state = 'in-flight'`,
  ).run(before.attempts, JSON.stringify(before.payload), before.id);
}

export function reschedule(db: Database, id: number, at: number, error: string): void {
  statement(
    db,
    `UPDATE outbox SET state = 'pending', next_attempt_at = ?, error = ? WHERE id = ?`,
  ).run(at, error, id);
}

export function markFailed(db: Database, id: number, error: string): void {
  statement(db, `UPDATE outbox SET state = 'failed', error = ? WHERE id = ?`).run(error, id);
}

export function removeEntry(db: Database, id: number): void {
  statement(db, 'DELETE FROM outbox WHERE id = ?').run(id);
}

export function updatePayload(db: Database, id: number, payload: unknown): void {
  statement(db, 'UPDATE outbox SET payload = ? WHERE id = ?').run(JSON.stringify(payload), id);
}

/** After a crash or kill: whatever was in flight is pending again (sends look before resending). */
export function recoverInFlight(db: Database): number {
  return Number(
    statement(db, `UPDATE outbox SET state = 'pending' WHERE state = 'in-flight'`).run().changes,
  );
}

/**
 * The user asked to try again: the entry, the failed write it waits for (the
 * creation of its conversation, the send of its message) and the entries those
 * held back start afresh, in their original order. Retrying a held-back entry
 * alone would only hold it back again.
 */
export function resetForRetry(
  db: Database,
  entry: { id: number; conversationId: string; targetId: string | null },
): void {
  statement(
    db,
    `UPDATE outbox SET state = 'pending', next_attempt_at = 0, error = NULL
     WHERE id = $id
        OR (state = 'failed' AND conversation_id = $conversation
            AND (error IN (SELECT value FROM json_each($blocked)) OR kind = 'create-conversation'))
        OR (state = 'failed' AND kind = 'send' AND target_id = $target)`,
  ).run({
    $id: entry.id,
    $conversation: entry.conversationId,
    $target: entry.targetId,
    $blocked: JSON.stringify(BLOCKED_ERRORS),
  });
}

/**
 * Sends whose outcome was unknown (the answer was lost) and that wait out a
 * backoff in conversations a sync round just changed: the round may have
 * brought the very message, so the outbox looks for it now instead of
 * showing a delivered message as sending until the backoff ends.
 */
export function lookForDeliveredSends(db: Database, conversationIds: readonly string[]): number {
  if (conversationIds.length === 0) return 0;
  return Number(
    statement(
      db,
      `UPDATE outbox SET next_attempt_at = 0
       WHERE state = 'pending' AND kind = 'send' AND attempts > 0 AND next_attempt_at > 0
         AND conversation_id IN (SELECT value FROM json_each(?))`,
    ).run(JSON.stringify(conversationIds)).changes,
  );
}

export function counts(db: Database): { pending: number; failed: number } {
  const row = statement(
    db,
    `SELECT COALESCE(SUM(state != 'failed'), 0) AS pending, COALESCE(SUM(state = 'failed'), 0) AS failed
       FROM outbox`,
  ).get() as { pending: number; failed: number };
  return { pending: Number(row.pending), failed: Number(row.failed) };
}

/**
 * Ids with writes the server has not confirmed (failed ones included, until the
 * user retries or discards them): reconciliation leaves their local state alone.
 */
export function pendingTargets(db: Database): {
  messages: Set<string>;
  conversations: Set<string>;
} {
  const rows = statement(db, 'SELECT kind, conversation_id, target_id FROM outbox').all() as {
    kind: string;
    conversation_id: string;
    target_id: string | null;
  }[];
  const messages = new Set<string>();
  const conversations = new Set<string>();
  for (const row of rows) {
    if (row.target_id !== null && row.kind !== 'pin-message') messages.add(row.target_id);
    if (CONVERSATION_KINDS.has(row.kind)) conversations.add(row.conversation_id);
  }
  return { messages, conversations };
}

const CONVERSATION_KINDS = new Set(['pin', 'mute', 'archive', 'unarchive', 'pin-message']);

/** Drops every write for a conversation (deleted on the server); returns how many. */
export function dropConversationEntries(db: Database, conversationId: string): number {
  return Number(
    statement(db, 'DELETE FROM outbox WHERE conversation_id = ?').run(conversationId).changes,
  );
}
