import { ChangeBatch } from '../events/change-batch.ts';
import { transaction, type Database } from '../store/database.ts';
import { enqueue } from '../store/outbox-entries.ts';
import { statement } from '../store/statement-cache.ts';

/**
 * Ends the timed mutes whose time has come, also those that ended while the
 * app was closed: unmuted locally and the unmute queued, in one transaction.
 */
export function expireTimedMutes(db: Database, now: number): ChangeBatch {
  const batch = new ChangeBatch();
  transaction(db, () => {
    const due = statement(
      db,
      'SELECT id, muted_until FROM conversations WHERE muted_until IS NOT NULL AND muted_until <= ?',
    ).all(now) as { id: string; muted_until: number }[];
    for (const { id, muted_until } of due) {
      statement(db, 'UPDATE conversations SET is_muted = 0, muted_until = NULL WHERE id = ?').run(
        id,
      );
      enqueue(
        db,
        {
          kind: 'mute',
          conversationId: id,
          targetId: null,
          payload: { muted: false, previousUntil: muted_until },
        },
        now,
      );
      batch.conversation(id);
    }
  });
  return batch;
}

export function nextMuteExpiry(db: Database): number | null {
  return (
    statement(db, 'SELECT MIN(muted_until) AS at FROM conversations').get() as { at: number | null }
  ).at;
}
