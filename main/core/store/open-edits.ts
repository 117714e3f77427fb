import type { OpenEdit } from '../../../shared/model/message.ts';
import { transaction, type Database } from './database.ts';
import { statement } from './statement-cache.ts';

/**
 * The edit open in a conversation, if its message is still here: one deleted
 * meanwhile (here or on the server) has nothing left to save to, so its edit
 * is gone with it.
 */
export function getOpenEdit(db: Database, conversationId: string): OpenEdit | null {
  const row = statement(
    db,
    `SELECT e.message_id AS messageId, e.text FROM open_edits e
     JOIN messages m ON m.id = e.message_id AND m.conversation_id = e.conversation_id
     WHERE e.conversation_id = ?`,
  ).get(conversationId) as OpenEdit | undefined;
  return row ?? null;
}

/** Keeps the edit as typed, or forgets it (saved, cancelled, its message deleted). */
export function setOpenEdit(
  db: Database,
  conversationId: string,
  edit: OpenEdit | null,
  now: number,
): void {
  // In a transaction, as the main thread's writes are (write-gate.ts): the edit saves as typed.
  transaction(db, () => {
    if (edit === null) {
      statement(db, 'DELETE FROM open_edits WHERE conversation_id = ?').run(conversationId);
      return;
    }
    statement(
      db,
      `INSERT INTO open_edits (conversation_id, message_id, text, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT(conversation_id) DO UPDATE SET
         message_id = excluded.message_id, text = excluded.text, updated_at = excluded.updated_at`,
    ).run(conversationId, edit.messageId, edit.text, now);
  });
}
