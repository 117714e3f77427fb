import { transaction, type Database } from './database.ts';
import { statement } from './statement-cache.ts';

/** The unsent text of a conversation's composer; '' when there is none. */
export function getDraft(db: Database, conversationId: string): string {
  const row = statement(db, 'SELECT text FROM drafts WHERE conversation_id = ?').get(
    conversationId,
  ) as { text: string } | undefined;
  return row?.text ?? '';
}

/**
 * Keeps the composer's text as typed; a blank draft is no draft, so it is
 * deleted. Answers whether the stored draft changed (the list shows it). In a
 * transaction, as the main thread's writes are (store/write-gate.ts): the
 * composer saves while history is being stored.
 */
export function setDraft(db: Database, conversationId: string, text: string, now: number): boolean {
  return transaction(db, () => writeDraft(db, conversationId, text, now));
}

function writeDraft(db: Database, conversationId: string, text: string, now: number): boolean {
  if (text.trim() === '') {
    return (
      statement(db, 'DELETE FROM drafts WHERE conversation_id = ?').run(conversationId).changes > 0
    );
  }
  if (getDraft(db, conversationId) === text) return false;
  statement(
    db,
    `INSERT INTO drafts (conversation_id, text, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(conversation_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`,
  ).run(conversationId, text, now);
  return true;
}
