import type { MessagingApi } from '../api/messaging-api.ts';
import { ChangeBatch } from '../events/change-batch.ts';
import type { Clock, Logger } from '../ports/ports.ts';
import { transaction, type Database } from '../store/database.ts';
import { backoffDelay, WRITE_BACKOFF } from '../api/backoff.ts';
import { removeConversation } from '../store/record-upserts.ts';
import { isLocalId } from '../../../shared/model/local-id.ts';

import { classifyFailure, messageOf, retryAfterOf } from './failure-kind.ts';
import {
  BLOCKED_BY_CREATION,
  BLOCKED_BY_SEND,
  dueHeads,
  getEntry,
  markFailed,
  markInFlight,
  nextDueAt,
  nextInConversation,
  parseEntry,
  recoverInFlight,
  releaseClaim,
  removeEntry,
  reschedule,
  updatePayload,
  type OutboxEntry,
  type OutboxRow,
} from '../store/outbox-entries.ts';
import { deliver, type Confirm } from './replay.ts';
import { requestWritten } from '../api/request-written.ts';
import { statement } from '../store/statement-cache.ts';

export interface OutboxRunnerDeps {
  db: Database;
  api: MessagingApi;
  clock: Clock;
  log: Logger;
  /** A batch of local changes the replay made (ids replaced, server copies stored). */
  onChanges(batch: ChangeBatch): void;
  onNotice(message: string): void;
  /** The outbox counts changed. */
  onSettled(): void;
  /** Nothing is being sent now: what could go has gone, and the counts are final for now. */
  onIdle?(): void;
  onUnauthorized(error: unknown): void;
  /** The server answered (or not): the engine's view of the connection. */
  onReachable(reachable: boolean): void;
  concurrency?: number;
}

/** An entry claimed ahead of its turn, and how it was before, to give the claim back. */
interface Claimed {
  before: OutboxEntry;
  claimed: OutboxEntry;
}

export interface OutboxRunner {
  /** Resets what a crash left in flight and starts replaying. */
  start(): void;
  stop(): Promise<void>;
  /** Offline, suspended or signed out: nothing is sent until unpaused. */
  setPaused(paused: boolean): void;
  /** Something was queued: run what is due now. */
  kick(): void;
  /** The network came back: entries waiting out a backoff are due at once too. */
  wake(): void;
  /** Runs until nothing is due (or paused); what failed or waits stays queued. */
  flush(): Promise<void>;
}

/** Why the server's "not found" leaves a write failed rather than dropped, in words. */
function goneMessage(entry: OutboxEntry & { kind: 'create-conversation' | 'pin-message' }) {
  if (entry.kind === 'pin-message') {
    return 'The server no longer has that message or conversation.';
  }
  return 'contactId' in entry.payload
    ? `The server has no contact “${entry.payload.contactId}”.`
    : `The server has no group “${entry.payload.groupId}”, or you are not in it.`;
}

/**
 * Replays the outbox: per conversation strictly in order, conversations side
 * by side. Transient failures wait with backoff (honouring Retry-After),
 * permanent ones are marked failed for the user to retry or discard.
 */
export function createOutboxRunner(deps: OutboxRunnerDeps): OutboxRunner {
  const { db, api, clock, log } = deps;
  const concurrency = deps.concurrency ?? 4;
  const busy = new Set<string>();
  const running = new Set<Promise<void>>();
  let abort = new AbortController();
  let active = false;
  let paused = false;
  let timer: { cancel(): void } | null = null;
  let idleWaiters: (() => void)[] = [];

  function pump(): void {
    timer?.cancel();
    timer = null;
    if (!active || paused) return settleIdle();
    if (busy.size < concurrency) {
      for (const row of dueHeads(db, clock.now(), busy).slice(0, concurrency - busy.size)) {
        busy.add(row.conversation_id);
        const run = runOne(row).finally(() => {
          busy.delete(row.conversation_id);
          running.delete(run);
          pump();
        });
        running.add(run);
      }
    }
    if (busy.size > 0) return;
    const next = nextDueAt(db);
    if (next !== null) timer = clock.setTimeout(pump, Math.max(0, next - clock.now()));
    settleIdle();
  }

  function settleIdle(): void {
    if (busy.size > 0) return;
    deps.onIdle?.();
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /**
   * Replays the entry, then the conversation's next ones while they are due,
   * one request at a time. Each confirmation claims the entry after the one
   * about to leave, in its own transaction, so a write costs one commit. An
   * entry claimed so, ahead of its turn, does not wait on the one before it
   * (nothing it names is still a local id): it leaves as soon as that one is
   * answered, and the answer is stored while it travels, which keeps the
   * database off the path from one request to the next.
   */
  async function runOne(row: OutboxRow): Promise<void> {
    const head = runnable(row);
    if (!head) return;
    let { next: entry, ahead } = transaction(db, () => ({
      next: claim(head),
      ahead: claimDue(head.conversationId),
    }));
    let delivery = deliver(entry, api, db, abort.signal);
    for (;;) {
      let confirm: Confirm;
      try {
        confirm = await delivery;
        deps.onReachable(true);
      } catch (error) {
        handleFailure(entry, error);
        release(ahead);
        deps.onSettled();
        return;
      }
      const leaving = replaying() ? takeAhead(ahead) : null;
      if (leaving) {
        delivery = deliver(leaving, api, db, abort.signal);
        // Its failure is taken up on the next turn.
        delivery.catch(() => {});
        await requestWritten(leaving.idempotencyKey, delivery);
      }
      const claims = confirmAndClaim(entry, confirm, leaving, ahead);
      deps.onSettled();
      if (!claims.next) return;
      if (!leaving) delivery = deliver(claims.next, api, db, abort.signal);
      entry = claims.next;
      ahead = claims.ahead;
    }
  }

  /**
   * Stores the answer and, in the same transaction, claims what runs next:
   * after `leaving` (the entry claimed ahead), the one after it; otherwise,
   * with what was claimed ahead given back, the conversation's next entry
   * (now that this one's ids are the server's) and the one after that.
   */
  function confirmAndClaim(
    entry: OutboxEntry,
    confirm: Confirm,
    leaving: OutboxEntry | null,
    ahead: Claimed | null,
  ): { next: OutboxEntry | null; ahead: Claimed | null } {
    const conversationId = entry.conversationId;
    const unused = leaving ? null : ahead;
    try {
      const { batch, alongside } = confirm(() => {
        if (unused) releaseClaim(db, unused.before);
        const next = leaving ?? claimDue(conversationId)?.claimed ?? null;
        return { next, ahead: next ? claimDue(conversationId) : null };
      });
      deps.onChanges(batch);
      return alongside;
    } catch (error) {
      // Storing failed, not the server: the entry stays to be found delivered on a later turn.
      handleFailure(entry, error);
      release(unused);
      return { next: leaving, ahead: null };
    }
  }

  function replaying(): boolean {
    return active && !paused && !abort.signal.aborted;
  }

  /** The entry, unless it cannot run: unreadable, or waiting on a write that failed (marked so). */
  function runnable(row: OutboxRow): OutboxEntry | null {
    const entry = parseEntry(row);
    if (!entry) {
      log.error('outbox entry no longer readable', {
        id: row.id,
        conversationId: row.conversation_id,
      });
      markFailed(db, row.id, 'This change could not be read back; discard it');
    } else {
      const blocked = blockedBy(entry);
      if (!blocked) return entry;
      markFailed(db, entry.id, blocked);
    }
    deps.onSettled();
    return null;
  }

  /**
   * The conversation's oldest pending entry, claimed, when it is due and
   * waits on nothing unconfirmed (what cannot run is left to the pump, which
   * marks it). Called for the entry after one in flight, it is claimed ahead
   * of its turn: claimed is all it is until it leaves, and a crash before then
   * only makes its replay look for it on the server first.
   */
  function claimDue(conversationId: string): Claimed | null {
    if (!replaying()) return null;
    const row = nextInConversation(db, conversationId);
    if (!row || row.next_attempt_at > clock.now()) return null;
    const entry = parseEntry(row);
    return entry && blockedBy(entry) === null ? { before: entry, claimed: claim(entry) } : null;
  }

  /** The entry claimed ahead, as it is stored now; null if a local write removed it meanwhile. */
  function takeAhead(ahead: Claimed | null): OutboxEntry | null {
    const row = ahead ? getEntry(db, ahead.claimed.id) : undefined;
    return row?.state === 'in-flight' ? parseEntry(row) : null;
  }

  /** An entry claimed ahead that will not leave now goes back as it was: it never left. */
  function release(ahead: Claimed | null): void {
    if (ahead) releaseClaim(db, ahead.before);
  }

  /** Marks the attempt durably before the request leaves, so a crash leaves a trace. */
  function claim(entry: OutboxEntry): OutboxEntry {
    return transaction(db, () => {
      markInFlight(db, entry.id);
      const claimed = { ...entry, attempts: entry.attempts + 1, state: 'in-flight' as const };
      if (claimed.kind === 'send' && claimed.payload.firstAttemptAt === null) {
        claimed.payload = { ...claimed.payload, firstAttemptAt: clock.now() };
        updatePayload(db, claimed.id, claimed.payload);
      }
      return claimed as OutboxEntry;
    });
  }

  /** Why an entry cannot run: a write it depends on failed (else it would not be its turn). */
  function blockedBy(entry: OutboxEntry): string | null {
    if (entry.kind !== 'create-conversation' && isLocalId(entry.conversationId)) {
      return BLOCKED_BY_CREATION;
    }
    return entry.kind !== 'send' && entry.targetId !== null && isLocalId(entry.targetId)
      ? BLOCKED_BY_SEND
      : null;
  }

  function handleFailure(entry: OutboxEntry, error: unknown): void {
    const kind = classifyFailure(error);
    const message = messageOf(error);
    if (abort.signal.aborted) {
      reschedule(db, entry.id, 0, message);
      return;
    }
    log.warn('outbox write failed', { id: entry.id, kind: entry.kind, failure: kind, message });
    if (kind === 'unauthorized') {
      reschedule(db, entry.id, 0, message);
      paused = true;
      deps.onUnauthorized(error);
      return;
    }
    if (kind === 'transient' || kind === 'unknown-outcome') {
      deps.onReachable(kind === 'transient');
      const delay = backoffDelay(WRITE_BACKOFF, entry.attempts, retryAfterOf(error));
      reschedule(db, entry.id, clock.now() + delay, message);
      return;
    }
    deps.onReachable(true);
    if (kind === 'gone') return handleGone(entry);
    markFailed(db, entry.id, message);
  }

  /** The record the write was about no longer exists on the server. */
  function handleGone(entry: OutboxEntry): void {
    const batch = new ChangeBatch();
    if (entry.kind === 'delete-message' || entry.kind === 'delete-conversation') {
      removeEntry(db, entry.id);
      return;
    }
    if (entry.kind === 'create-conversation' || entry.kind === 'pin-message') {
      markFailed(db, entry.id, goneMessage(entry));
      return;
    }
    const messageWrite = ['edit', 'react', 'attachments'].includes(entry.kind);
    transaction(db, () => {
      if (messageWrite && entry.targetId !== null) {
        statement(db, 'DELETE FROM messages WHERE id = ?').run(entry.targetId);
        statement(db, 'DELETE FROM outbox WHERE target_id = ?').run(entry.targetId);
        batch.removedMessage(entry.targetId, entry.conversationId);
      } else {
        removeConversation(db, entry.conversationId, batch);
      }
    });
    deps.onChanges(batch);
    deps.onNotice(
      messageWrite
        ? 'A message you changed was deleted on the server; your change was dropped.'
        : 'A conversation was deleted elsewhere (on another device or by the server). What you wrote in it and had not sent is kept above the conversation list.',
    );
  }

  return {
    start() {
      abort = new AbortController();
      const recovered = recoverInFlight(db);
      if (recovered > 0) log.info('outbox resumed after an interrupted run', { recovered });
      active = true;
      pump();
    },
    async stop() {
      active = false;
      timer?.cancel();
      abort.abort();
      await Promise.allSettled([...running]);
    },
    setPaused(value) {
      paused = value;
      if (!paused) pump();
    },
    kick() {
      if (active) pump();
    },
    wake() {
      statement(db, `UPDATE outbox SET next_attempt_at = 0 WHERE state = 'pending'`).run();
      if (active) pump();
    },
    flush() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        pump();
      });
    },
  };
}
