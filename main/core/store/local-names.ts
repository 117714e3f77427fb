import { transaction, type Database } from './database.ts';
import { statement } from './statement-cache.ts';

/**
 * Sets the name the user gave a conversation, shown instead of the contact's
 * username; null or blank goes back to that username. Local only: the API has
 * no conversation names. Returns false when there is no such conversation.
 */
export function renameConversation(db: Database, id: string, localName: string | null): boolean {
  const name = localName?.trim() || null;
  // In a transaction, as the main thread's writes are (write-gate.ts).
  return transaction(
    db,
    () =>
      statement(db, 'UPDATE conversations SET local_name = ? WHERE id = ?').run(name, id).changes >
      0,
  );
}
