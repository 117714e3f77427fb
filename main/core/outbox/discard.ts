import { ChangeBatch } from '../events/change-batch.ts';
import { CoreError, notFound } from '../errors/core-error.ts';
import { recomputeConversationDerived } from '../store/conversation-derived.ts';
import { transaction, type Database } from '../store/database.ts';
import { deleteConversationRows } from '../store/record-upserts.ts';
import {
  getEntry,
  parseEntry,
  removeEntry,
  resetForRetry,
  type OutboxEntry,
} from '../store/outbox-entries.ts';
import { timeOrderedSeq } from '../store/search-order.ts';
import { statement } from '../store/statement-cache.ts';

export interface DiscardResult {
  batch: ChangeBatch;
  /** A conversation deleted locally whose delete was discarded: fetch it again from the server. */
  refetchConversation: string | null;
}

function entryOrThrow(db: Database, id: number) {
  const row = getEntry(db, id);
  if (!row) throw notFound('That pending change');
  if (row.state === 'in-flight') {
    throw new CoreError('invalid-input', 'That change is being sent right now; try again shortly');
  }
  return row;
}

export function retryEntry(db: Database, id: number): void {
  const row = entryOrThrow(db, id);
  resetForRetry(db, { id: row.id, conversationId: row.conversation_id, targetId: row.target_id });
}

/**
 * Gives up on a write and undoes its optimistic local change, using what the
 * entry kept of the state before it: a never-sent message disappears, an edit
 * gets its old text back, a deleted message returns.
 */
export function discardEntry(db: Database, id: number): DiscardResult {
  const row = entryOrThrow(db, id);
  const batch = new ChangeBatch();
  const entry = parseEntry(row);
  let refetchConversation: string | null = null;
  transaction(db, () => {
    removeEntry(db, row.id);
    if (entry) refetchConversation = rollBack(db, entry, batch);
    if (statement(db, 'SELECT 1 FROM conversations WHERE id = ?').get(row.conversation_id)) {
      recomputeConversationDerived(db, row.conversation_id);
      batch.thread(row.conversation_id);
    }
  });
  return { batch, refetchConversation };
}

function rollBack(db: Database, entry: OutboxEntry, batch: ChangeBatch): string | null {
  const target = entry.targetId;
  const setMessage = (column: string, value: string) =>
    statement(db, `UPDATE messages SET ${column} = ? WHERE id = ?`).run(value, target);
  const setConversation = (assignments: string, ...values: (string | number | null)[]) =>
    statement(db, `UPDATE conversations SET ${assignments} WHERE id = ?`).run(
      ...values,
      entry.conversationId,
    );
  switch (entry.kind) {
    case 'send': {
      if (target === null) return null;
      // Pinning the message that will now never exist is undone too: the pin before it returns.
      const pinnedBefore = pinnedBeforeFirstPinOf(db, target);
      statement(db, 'DELETE FROM messages WHERE id = ?').run(target);
      statement(db, 'DELETE FROM outbox WHERE target_id = ?').run(target);
      setConversation(
        'pinned_message_id = CASE WHEN pinned_message_id = ? THEN ? ELSE pinned_message_id END',
        target,
        pinnedBefore,
      );
      batch.removedMessage(target, entry.conversationId);
      return null;
    }
    case 'edit':
      statement(db, 'UPDATE messages SET text = ?, updated_at = ?, edited_at = ? WHERE id = ?').run(
        entry.payload.previous,
        entry.payload.previousUpdatedAt,
        entry.payload.previousEditedAt,
        target,
      );
      return null;
    case 'react':
      setMessage('reactions', JSON.stringify(entry.payload.previous));
      return null;
    case 'attachments':
      setMessage('attachments', JSON.stringify(entry.payload.previous));
      return null;
    case 'delete-message': {
      const m = entry.payload.previous;
      statement(
        db,
        `INSERT OR IGNORE INTO messages (seq, id, conversation_id, sender_id, own, text,
           reactions, attachments, read_at, created_at, updated_at, edited_at)
         VALUES (${timeOrderedSeq('?9')}, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)`,
      ).run(
        target ?? m.id,
        m.conversation_id,
        m.sender_id,
        m.own,
        m.text,
        m.reactions,
        m.attachments,
        m.read_at,
        m.created_at,
        m.updated_at,
        m.edited_at,
      );
      if (entry.payload.wasPinned) {
        setConversation('pinned_message_id = COALESCE(pinned_message_id, ?)', target ?? m.id);
        batch.conversation(entry.conversationId);
      }
      return null;
    }
    case 'pin-message':
      setConversation('pinned_message_id = ?', entry.payload.previous);
      batch.conversation(entry.conversationId);
      return null;
    case 'pin':
      setConversation('is_pinned = ?', entry.payload.pinned ? 0 : 1);
      batch.conversation(entry.conversationId);
      return null;
    case 'mute':
      setConversation(
        'is_muted = ?, muted_until = ?',
        entry.payload.muted ? 0 : 1,
        entry.payload.muted ? null : entry.payload.previousUntil,
      );
      batch.conversation(entry.conversationId);
      return null;
    case 'archive':
      setConversation('is_archived = 0, archived_at = NULL');
      batch.conversation(entry.conversationId);
      return null;
    case 'unarchive':
      setConversation(
        'is_archived = ?, archived_at = ?',
        entry.payload.previous === null ? 0 : 1,
        entry.payload.previous,
      );
      batch.conversation(entry.conversationId);
      return null;
    case 'create-conversation':
      deleteConversationRows(db, entry.conversationId);
      statement(db, 'DELETE FROM outbox WHERE conversation_id = ?').run(entry.conversationId);
      batch.removedConversation(entry.conversationId);
      return null;
    case 'delete-conversation':
      return entry.conversationId;
  }
}

/** What was pinned before the first queued pin of `messageId`, or null when it was never pinned. */
function pinnedBeforeFirstPinOf(db: Database, messageId: string): string | null {
  const row = statement(
    db,
    "SELECT * FROM outbox WHERE kind = 'pin-message' AND target_id = ? ORDER BY id LIMIT 1",
  ).get(messageId) as Parameters<typeof parseEntry>[0] | undefined;
  const entry = row ? parseEntry(row) : null;
  return entry?.kind === 'pin-message' ? entry.payload.previous : null;
}
