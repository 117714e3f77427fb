import type {
  ApiConversation,
  ApiMessage,
  ConversationUpdate,
  MessagingApi,
} from '../api/messaging-api.ts';
import { ChangeBatch } from '../events/change-batch.ts';
import {
  recomputeConversationDerived,
  recomputeConversationOrder,
} from '../store/conversation-derived.ts';
import { transaction, type Database } from '../store/database.ts';
import { upsertConversation, upsertMessage } from '../store/record-upserts.ts';
import { learnSelf, readSelf } from '../store/self-identity.ts';
import { toggleReaction } from './local-writes.ts';
import { replaceConversationId, replaceMessageId } from './id-replacement.ts';
import { removeEntry, type OutboxEntry } from '../store/outbox-entries.ts';
import { findDelivered } from './delivery-lookup.ts';
import { PermanentFailure } from './permanent-failure.ts';
import { statement } from '../store/statement-cache.ts';

/**
 * Stores the server's answer to a delivered write and removes its entry, in
 * one transaction. `alongside` runs in that transaction too: the runner
 * claims the conversation's next entries there, so a write costs one commit.
 */
export type Confirm = <T>(alongside: () => T) => { batch: ChangeBatch; alongside: T };

/**
 * Carries one outbox entry to the server and hands back the confirmation to
 * store; the runner decides when (a later write may leave first). Failures
 * are thrown for the runner to classify.
 */
export async function deliver(
  entry: OutboxEntry,
  api: MessagingApi,
  db: Database,
  signal: AbortSignal,
): Promise<Confirm> {
  const confirm =
    (store: (batch: ChangeBatch) => void): Confirm =>
    (alongside) => {
      // The conversation's count of unconfirmed writes drops with every confirmation, whatever
      // else the write changed: without this its row kept a "sending" mark after a delete.
      const batch = new ChangeBatch().conversation(entry.conversationId);
      const result = transaction(db, () => {
        // Gone first, the entry is not among the references the confirmation moves to server ids.
        removeEntry(db, entry.id);
        store(batch);
        return alongside();
      });
      return { batch, alongside: result };
    };
  const write = { idempotencyKey: entry.idempotencyKey, signal };
  const target = entry.targetId ?? '';
  const conversationId = entry.conversationId;
  switch (entry.kind) {
    case 'send': {
      const delivered = entry.attempts > 1 ? await findDelivered(api, db, entry, signal) : null;
      const message =
        delivered ??
        (await api.sendMessage(
          { conversationId, message: entry.payload.text, attachments: entry.payload.attachments },
          write,
        ));
      return confirm((batch) => {
        learnSelf(db, message.contact);
        // Renamed first, our row takes the server's copy in place: one update, whose
        // text the search index drops and takes back in one go, not a row dropped and another stored.
        replaceMessageId(db, target, message.id, batch);
        if (!hasOtherWrites(db, entry.id, 'target_id', message.id)) {
          // Its sender was just learnt as us.
          upsertMessage(db, message, true);
        }
        recomputeConversationOrder(db, conversationId);
      });
    }
    case 'edit':
    case 'attachments': {
      const update =
        entry.kind === 'edit'
          ? { message: entry.payload.text }
          : { attachments: entry.payload.attachments };
      const updated = await api.updateMessage(target, update, write);
      return confirm((batch) => storeMessage(db, entry.id, updated, batch));
    }
    case 'react': {
      const name = entry.payload.as ?? readSelf(db)?.username ?? null;
      if (name === null) {
        throw new PermanentFailure(
          'Parley does not know your user name yet: send a message first, then try again',
        );
      }
      const fresh = await api.getMessage(target, { signal });
      const reactions = toggleReaction(
        fresh.reactions,
        entry.payload.reaction,
        name,
        entry.payload.add,
      );
      const reacted = await api.updateMessage(target, { reactions }, write);
      return confirm((batch) => storeMessage(db, entry.id, reacted, batch));
    }
    case 'delete-message':
      await api.deleteMessage(target, write);
      return confirm(() => {});
    case 'delete-conversation':
      await api.deleteConversation(conversationId, write);
      return confirm(() => {});
    case 'pin-message':
    case 'pin':
    case 'mute':
    case 'archive':
    case 'unarchive': {
      const updated = await api.updateConversation(
        conversationId,
        conversationUpdate(entry),
        write,
      );
      return confirm((batch) => storeConversation(db, entry.id, updated, batch));
    }
    case 'create-conversation': {
      const created = await api.createConversation(entry.payload, write);
      return confirm((batch) => {
        replaceConversationId(db, conversationId, created.id, batch);
        if (!hasOtherWrites(db, entry.id, 'conversation_id', created.id)) {
          upsertConversation(db, created, false);
          recomputeConversationDerived(db, created.id);
        }
      });
    }
  }
}

/** The server's copy replaces ours unless later writes to it are still queued. */
function storeMessage(db: Database, entryId: number, message: ApiMessage, batch: ChangeBatch) {
  if (hasOtherWrites(db, entryId, 'target_id', message.id)) return;
  upsertMessage(db, message, readSelf(db)?.contactId === message.contact.id);
  recomputeConversationDerived(db, message.conversationId);
  batch.thread(message.conversationId);
}

function storeConversation(
  db: Database,
  entryId: number,
  conversation: ApiConversation,
  batch: ChangeBatch,
) {
  if (hasOtherWrites(db, entryId, 'conversation_id', conversation.id, CONVERSATION_STATE_KINDS)) {
    return;
  }
  upsertConversation(db, conversation, false);
  recomputeConversationDerived(db, conversation.id);
  batch.conversation(conversation.id);
}

const CONVERSATION_STATE_KINDS = ['pin', 'mute', 'archive', 'unarchive', 'pin-message'] as const;
type ConversationStateEntry = Extract<
  OutboxEntry,
  { kind: (typeof CONVERSATION_STATE_KINDS)[number] }
>;

/** What a conversation-state write asks the server to change. */
function conversationUpdate(entry: ConversationStateEntry): ConversationUpdate {
  switch (entry.kind) {
    case 'pin-message':
      return { pinnedMessageId: entry.targetId };
    case 'pin':
      return { isPinned: entry.payload.pinned };
    case 'mute':
      return { isMuted: entry.payload.muted };
    case 'archive':
      return { archivedAt: entry.payload.archivedAt };
    case 'unarchive':
      return { archivedAt: null };
  }
}

function hasOtherWrites(
  db: Database,
  entryId: number,
  column: 'target_id' | 'conversation_id',
  id: string,
  kinds: readonly string[] | null = null,
): boolean {
  const kindFilter = kinds ? `AND kind IN (${kinds.map(() => '?').join(', ')})` : '';
  return (
    statement(db, `SELECT 1 FROM outbox WHERE ${column} = ? AND id != ? ${kindFilter} LIMIT 1`).get(
      id,
      entryId,
      ...(kinds ?? []),
    ) !== undefined
  );
}
