import type { ChangeBatch } from '../events/change-batch.ts';
import { recomputeConversationsDerived } from './conversation-derived.ts';
import { transaction, type Database } from './database.ts';
import { statement } from './statement-cache.ts';

/**
 * Conversations whose derived columns (conversation-derived.ts) wait to be
 * brought up to date, and the settling of them (migrations/0019).
 *
 * A page of history holds a message for up to a hundred conversations, and
 * keeping each one's last message, sort time and unread count exact page by
 * page was a third of what storing history cost (0.6 s of 1.9 s for 100,000
 * messages over 10,000 conversations): every conversation was looked at
 * again for every page that touched it. Settled together, once in a while,
 * each is computed in full once, however many pages touched it meanwhile.
 * Computed in full, never counted up, so a settling is exact whatever other
 * writes did to the conversation in between. Their threads are announced
 * with the settling too, not page by page: a `changes` event naming a
 * hundred conversations for every page was a tenth of the main thread's
 * share of a history sync, to tell a window what a second later is as new.
 */

/** Marks conversations whose stored messages changed as waiting to be settled. */
export function markDerivedPending(db: Database, conversationIds: Iterable<string>): void {
  const ids = JSON.stringify([...conversationIds]);
  if (ids === '[]') return;
  statement(
    db,
    'INSERT OR IGNORE INTO derived_pending (conversation_id) SELECT value FROM json_each(?)',
  ).run(ids);
}

/**
 * Brings waiting conversations' derived columns up to date, at most `limit`
 * of them (all by default), in the caller's transaction, and names their
 * threads in `batch`: they hold messages that were not announced yet, and
 * what the list shows of them (last message, order, unread count) may have
 * moved. Returns how many were waiting among those taken, gone ones too.
 */
export function settleDerivedPending(db: Database, batch: ChangeBatch, limit = -1): number {
  const taken = (
    statement(
      db,
      `DELETE FROM derived_pending
       WHERE conversation_id IN (SELECT conversation_id FROM derived_pending LIMIT ?)
       RETURNING conversation_id AS id`,
    ).all(limit) as { id: string }[]
  ).map((row) => row.id);
  // Those gone meanwhile have nothing left to settle.
  const ids = (
    statement(db, 'SELECT id FROM conversations WHERE id IN (SELECT value FROM json_each(?))').all(
      JSON.stringify(taken),
    ) as { id: string }[]
  ).map((row) => row.id);
  recomputeConversationsDerived(db, ids);
  for (const id of ids) batch.thread(id);
  return taken.length;
}

/**
 * Conversations settled in one transaction at most. The 10,000 of the
 * benchmark's sync took 45–80 ms in one, which a write of the main thread
 * waited out whole (write-gate.ts lets it in between transactions, never
 * inside one); a thousand took 9–17 ms, and the chunks no longer in all
 * (every column of 10,000 changed: 164–245 ms in chunks, 203–286 ms in one).
 */
export const SETTLE_CHUNK = 1_000;

/** Settles every waiting conversation, SETTLE_CHUNK to a transaction; returns how many were waiting. */
export function settleDerivedPendingInChunks(db: Database, batch: ChangeBatch): number {
  let settled = 0;
  for (;;) {
    const chunk = transaction(db, () => settleDerivedPending(db, batch, SETTLE_CHUNK));
    settled += chunk;
    if (chunk < SETTLE_CHUNK) return settled;
  }
}
