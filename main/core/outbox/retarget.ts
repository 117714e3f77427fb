import { ChangeBatch } from '../events/change-batch.ts';
import { CoreError } from '../errors/core-error.ts';
import { transaction, type Database } from '../store/database.ts';
import { statement } from '../store/statement-cache.ts';
import type { ConversationTarget } from './local-writes.ts';
import { replaceConversationId } from './id-replacement.ts';
import { BLOCKED_ERRORS, updatePayload } from '../store/outbox-entries.ts';

/**
 * Points a conversation the server has not accepted yet (its creation failed,
 * or has not been tried) at another contact or group, keeping everything
 * written in it. When a conversation with that contact or group is already
 * here, what was written moves into it and the unstarted one goes. Answers the
 * id of the conversation that now holds the messages.
 */
export function retargetConversation(
  db: Database,
  conversationId: string,
  target: ConversationTarget,
): { batch: ChangeBatch; value: string } {
  const batch = new ChangeBatch();
  const value = transaction(db, () => {
    const creation = statement(
      db,
      `SELECT id, state, attempts FROM outbox
       WHERE kind = 'create-conversation' AND conversation_id = ?`,
    ).get(conversationId) as { id: number; state: string; attempts: number } | undefined;
    if (!creation) {
      throw new CoreError(
        'invalid-input',
        'The server has already accepted this conversation. Start a new one to write to someone else.',
      );
    }
    if (creation.state === 'in-flight') {
      throw new CoreError(
        'invalid-input',
        'Parley is starting this conversation right now. Try again in a moment.',
      );
    }
    const [column, id] =
      'contactId' in target ? ['contact_id', target.contactId] : ['group_id', target.groupId];
    const existing = statement(
      db,
      `SELECT id FROM conversations WHERE ${column} = ? AND id != ?
         ORDER BY (id LIKE 'local\\_%' ESCAPE '\\'), sort_at DESC LIMIT 1`,
    ).get(id, conversationId) as { id: string } | undefined;

    let holder = conversationId;
    if (existing) {
      statement(db, 'DELETE FROM outbox WHERE id = ?').run(creation.id);
      replaceConversationId(db, conversationId, existing.id, batch);
      batch.removedConversation(conversationId);
      holder = existing.id;
    } else {
      statement(
        db,
        'UPDATE conversations SET contact_id = ?, group_id = ?, local_name = NULL WHERE id = ?',
      ).run(
        'contactId' in target ? target.contactId : null,
        'groupId' in target ? target.groupId : null,
        conversationId,
      );
      updatePayload(db, creation.id, target);
      statement(
        db,
        `UPDATE outbox SET state = 'pending', next_attempt_at = 0, error = NULL WHERE id = ?`,
      ).run(creation.id);
      batch.conversation(conversationId);
    }
    // What waited for the creation may go now, after it (or at once, in an existing conversation).
    statement(
      db,
      `UPDATE outbox SET state = 'pending', next_attempt_at = 0, error = NULL
       WHERE conversation_id = ? AND state = 'failed'
         AND error IN (SELECT value FROM json_each(?))`,
    ).run(holder, JSON.stringify(BLOCKED_ERRORS));
    batch.thread(holder);
    return holder;
  });
  return { batch, value };
}
