import type { Database } from '../store/database.ts';
import { statement } from '../store/statement-cache.ts';

/** A creating write the server has surely never seen: it never left, or the server refused it. */
const NEVER_SEEN = `((state = 'pending' AND attempts = 0) OR state = 'failed')`;

/**
 * When the user deletes a message or conversation that the server has surely
 * never seen, the creating write and everything queued after it for that
 * record are dropped instead of queuing a delete. Returns whether that was
 * the case.
 */
export function dropUnsentCreation(db: Database, localId: string): boolean {
  const creator = statement(
    db,
    `SELECT id FROM outbox
       WHERE ((kind = 'send' AND target_id = $id) OR (kind = 'create-conversation' AND conversation_id = $id))
         AND ${NEVER_SEEN}`,
  ).get({ $id: localId }) as { id: number } | undefined;
  if (!creator) return false;
  statement(db, 'DELETE FROM outbox WHERE target_id = $id OR conversation_id = $id').run({
    $id: localId,
  });
  return true;
}

/**
 * When the user edits a message the server has surely never seen, its send
 * carries the new text, and edits queued behind it go: the other side never
 * sees an edit of a message it never saw. Returns whether that was the case.
 */
export function reviseUnsentSend(db: Database, localId: string, text: string): boolean {
  const revised = statement(
    db,
    `UPDATE outbox SET payload = json_set(payload, '$.text', ?)
       WHERE kind = 'send' AND target_id = ? AND ${NEVER_SEEN}`,
  ).run(text, localId);
  if (revised.changes === 0) return false;
  statement(db, `DELETE FROM outbox WHERE kind = 'edit' AND target_id = ?`).run(localId);
  return true;
}
