import type { Database } from '../store/database.ts';
import { statement } from '../store/statement-cache.ts';

/**
 * When the user deletes a message or conversation that the server has surely
 * never seen (its creating write never left, or the server refused it), the
 * creating write and everything queued after it for that record are dropped
 * instead of queuing a delete. Returns whether that was the case.
 */
export function dropUnsentCreation(db: Database, localId: string): boolean {
  const creator = statement(
    db,
    `SELECT id FROM outbox
       WHERE ((kind = 'send' AND target_id = $id) OR (kind = 'create-conversation' AND conversation_id = $id))
         AND ((state = 'pending' AND attempts = 0) OR state = 'failed')`,
  ).get({ $id: localId }) as { id: number } | undefined;
  if (!creator) return false;
  statement(db, 'DELETE FROM outbox WHERE target_id = $id OR conversation_id = $id').run({
    $id: localId,
  });
  return true;
}
