import { randomUUID } from 'node:crypto';
import { ChangeBatch } from '../events/change-batch.ts';
import { CoreError, notFound } from '../errors/core-error.ts';
import type { Reactions } from '../api/messaging-api.ts';
import { recomputeConversationDerived } from '../store/conversation-derived.ts';
import { transaction, type Database } from '../store/database.ts';
import { deleteConversationRows } from '../store/record-upserts.ts';
import { readSelf, UNKNOWN_SELF } from '../store/self-identity.ts';
import type { MessageSnapshot } from '../store/outbox-payloads.ts';
import { enqueue } from '../store/outbox-entries.ts';
import { currentId } from './id-replacement.ts';
import { dropUnsentCreation, reviseUnsentSend } from './unsent.ts';
import { timeOrderedSeq } from '../store/search-order.ts';
import { statement } from '../store/statement-cache.ts';
import { isLocalIdSql } from '../store/local-id-sql.ts';
import { isLocalId, LOCAL_ID_PREFIX } from '../../../shared/model/local-id.ts';

/**
 * Every user write: applied to the local database and recorded in the outbox
 * in one transaction, before any network call. Each returns the batch of
 * changes for the caller to emit, so the UI shows the write at once.
 */
export interface WriteResult<T = void> {
  batch: ChangeBatch;
  value: T;
}

export type ConversationTarget = { contactId: string } | { groupId: string };

export function createLocalWrites(db: Database, now: () => number) {
  const write = <T>(work: (batch: ChangeBatch) => T): WriteResult<T> => {
    const batch = new ChangeBatch();
    const value = transaction(db, () => work(batch));
    return { batch, value };
  };

  const conversation = (id: string) => {
    const row = statement(
      db,
      'SELECT id, is_pinned, is_muted, muted_until, archived_at, pinned_message_id FROM conversations WHERE id = ?',
    ).get(id) as
      | {
          id: string;
          is_pinned: number;
          is_muted: number;
          muted_until: number | null;
          archived_at: number | null;
          pinned_message_id: string | null;
        }
      | undefined;
    if (!row) throw notFound('The conversation');
    return row;
  };

  /**
   * A message as stored now, by the id it has now: a write asked for by its
   * local id just after the server confirmed it (an edit begun while it was
   * being sent) reaches it under the server's.
   */
  const message = (id: string): MessageSnapshot => {
    const row = statement(
      db,
      `SELECT id, conversation_id, sender_id, own, text, reactions, attachments, read_at,
           created_at, updated_at, edited_at FROM messages WHERE id = ?`,
    ).get(currentId(db, id)) as MessageSnapshot | undefined;
    if (!row) throw notFound('The message');
    return row;
  };

  const touchThread = (batch: ChangeBatch, conversationId: string) => {
    recomputeConversationDerived(db, conversationId);
    batch.thread(conversationId);
  };

  return {
    send(input: { conversationId: string; text: string; attachments: unknown[] }) {
      return write((batch) => {
        const conversationId = currentId(db, input.conversationId);
        conversation(conversationId);
        const localId = `${LOCAL_ID_PREFIX}${randomUUID()}`;
        const at = now();
        statement(
          db,
          `INSERT INTO messages (seq, id, conversation_id, sender_id, own, text, attachments,
             reactions, created_at)
           VALUES (${timeOrderedSeq('$at')}, $id, $conversation, $sender, 1, $text, $attachments,
             '{}', $at)`,
        ).run({
          $id: localId,
          $conversation: conversationId,
          $sender: readSelf(db)?.contactId ?? UNKNOWN_SELF,
          $text: input.text,
          $attachments: JSON.stringify(input.attachments),
          $at: at,
        });
        enqueue(
          db,
          {
            kind: 'send',
            conversationId: conversationId,
            targetId: localId,
            payload: { text: input.text, attachments: input.attachments, firstAttemptAt: null },
          },
          at,
        );
        touchThread(batch, conversationId);
        return localId;
      });
    },

    edit(messageId: string, text: string) {
      return write((batch) => {
        const target = message(messageId);
        if (!target.own)
          throw new CoreError('invalid-input', 'Only your own messages can be edited');
        if (isLocalId(target.id) && reviseUnsentSend(db, target.id, text)) {
          statement(db, 'UPDATE messages SET text = ? WHERE id = ?').run(text, target.id);
          return touchThread(batch, target.conversation_id);
        }
        statement(
          db,
          'UPDATE messages SET text = ?, updated_at = ?, edited_at = ? WHERE id = ?',
        ).run(text, now(), now(), target.id);
        enqueue(
          db,
          {
            kind: 'edit',
            conversationId: target.conversation_id,
            targetId: target.id,
            payload: {
              text,
              previous: target.text,
              previousUpdatedAt: target.updated_at,
              previousEditedAt: target.edited_at,
            },
          },
          now(),
        );
        touchThread(batch, target.conversation_id);
      });
    },

    react(messageId: string, reaction: string, add: boolean, as: string | null) {
      return write((batch) => {
        const target = message(messageId);
        const previous = parseReactions(target.reactions);
        const name = as ?? readSelf(db)?.username ?? null;
        if (name !== null) {
          statement(db, 'UPDATE messages SET reactions = ? WHERE id = ?').run(
            JSON.stringify(toggleReaction(previous, reaction, name, add)),
            target.id,
          );
        }
        enqueue(
          db,
          {
            kind: 'react',
            conversationId: target.conversation_id,
            targetId: target.id,
            payload: { reaction, add, as, previous },
          },
          now(),
        );
        touchThread(batch, target.conversation_id);
      });
    },

    setAttachments(messageId: string, attachments: unknown[]) {
      return write((batch) => {
        const target = message(messageId);
        if (!target.own) {
          throw new CoreError('invalid-input', 'Only your own messages can be changed');
        }
        statement(db, 'UPDATE messages SET attachments = ? WHERE id = ?').run(
          JSON.stringify(attachments),
          target.id,
        );
        enqueue(
          db,
          {
            kind: 'attachments',
            conversationId: target.conversation_id,
            targetId: target.id,
            payload: { attachments, previous: parseArray(target.attachments) },
          },
          now(),
        );
        touchThread(batch, target.conversation_id);
      });
    },

    deleteMessage(messageId: string) {
      return write((batch) => {
        const target = message(messageId);
        statement(db, 'DELETE FROM messages WHERE id = ?').run(target.id);
        const unpinned = statement(
          db,
          'UPDATE conversations SET pinned_message_id = NULL WHERE id = ? AND pinned_message_id = ?',
        ).run(target.conversation_id, target.id);
        batch.removedMessage(target.id, target.conversation_id);
        if (!dropUnsentCreation(db, target.id)) {
          enqueue(
            db,
            {
              kind: 'delete-message',
              conversationId: target.conversation_id,
              targetId: target.id,
              payload: { previous: target, wasPinned: unpinned.changes > 0 },
            },
            now(),
          );
        }
        touchThread(batch, target.conversation_id);
      });
    },

    pinMessage(conversationId: string, messageId: string | null) {
      return write((batch) => {
        const target = conversation(conversationId);
        const pinned = messageId === null ? null : message(messageId);
        if (pinned !== null && pinned.conversation_id !== conversationId) {
          throw new CoreError('invalid-input', 'That message is in another conversation');
        }
        statement(db, 'UPDATE conversations SET pinned_message_id = ? WHERE id = ?').run(
          pinned?.id ?? null,
          conversationId,
        );
        enqueue(
          db,
          {
            kind: 'pin-message',
            conversationId,
            targetId: pinned?.id ?? null,
            payload: { previous: target.pinned_message_id },
          },
          now(),
        );
        batch.conversation(conversationId);
      });
    },

    setPinned(conversationId: string, pinned: boolean) {
      return write((batch) => {
        conversation(conversationId);
        statement(db, 'UPDATE conversations SET is_pinned = ? WHERE id = ?').run(
          pinned ? 1 : 0,
          conversationId,
        );
        enqueue(db, { kind: 'pin', conversationId, targetId: null, payload: { pinned } }, now());
        batch.conversation(conversationId);
      });
    },

    /** A timed mute stores when it ends; the unmute is queued then (see timed-mutes.ts). */
    setMuted(conversationId: string, muted: boolean, forMs: number | null) {
      return write((batch) => {
        const target = conversation(conversationId);
        const until = muted && forMs !== null ? now() + forMs : null;
        statement(db, 'UPDATE conversations SET is_muted = ?, muted_until = ? WHERE id = ?').run(
          muted ? 1 : 0,
          until,
          conversationId,
        );
        enqueue(
          db,
          {
            kind: 'mute',
            conversationId,
            targetId: null,
            payload: { muted, previousUntil: target.muted_until },
          },
          now(),
        );
        batch.conversation(conversationId);
      });
    },

    setArchived(conversationId: string, archived: boolean) {
      return write((batch) => {
        const target = conversation(conversationId);
        const at = now();
        statement(db, 'UPDATE conversations SET is_archived = ?, archived_at = ? WHERE id = ?').run(
          archived ? 1 : 0,
          archived ? at : null,
          conversationId,
        );
        if (archived) {
          enqueue(
            db,
            { kind: 'archive', conversationId, targetId: null, payload: { archivedAt: at } },
            at,
          );
        } else {
          enqueue(
            db,
            {
              kind: 'unarchive',
              conversationId,
              targetId: null,
              payload: { previous: target.archived_at },
            },
            at,
          );
        }
        batch.conversation(conversationId);
      });
    },

    /** Opens the existing conversation with that contact or group, or creates one. */
    openOrCreateConversation(target: ConversationTarget) {
      return write((batch) => {
        const [column, value] =
          'contactId' in target ? ['contact_id', target.contactId] : ['group_id', target.groupId];
        const existing = statement(
          db,
          `SELECT id FROM conversations WHERE ${column} = ?
             ORDER BY (${isLocalIdSql('id')}), sort_at DESC LIMIT 1`,
        ).get(value) as { id: string } | undefined;
        if (existing) return existing.id;
        const localId = `${LOCAL_ID_PREFIX}${randomUUID()}`;
        const at = now();
        statement(
          db,
          `INSERT INTO conversations (id, contact_id, group_id, created_at, sort_at)
           VALUES (?, ?, ?, ?, ?)`,
        ).run(
          localId,
          'contactId' in target ? target.contactId : null,
          'groupId' in target ? target.groupId : null,
          at,
          at,
        );
        enqueue(
          db,
          { kind: 'create-conversation', conversationId: localId, targetId: null, payload: target },
          at,
        );
        batch.conversation(localId);
        return localId;
      });
    },

    deleteConversation(conversationId: string) {
      return write((batch) => {
        conversation(conversationId);
        deleteConversationRows(db, conversationId);
        batch.removedConversation(conversationId);
        const unsent = isLocalId(conversationId) && dropUnsentCreation(db, conversationId);
        if (unsent) return;
        statement(
          db,
          `DELETE FROM outbox WHERE conversation_id = ? AND state != 'in-flight'
             AND kind != 'create-conversation'`,
        ).run(conversationId);
        enqueue(
          db,
          { kind: 'delete-conversation', conversationId, targetId: null, payload: {} },
          now(),
        );
      });
    },
  };
}

export type LocalWrites = ReturnType<typeof createLocalWrites>;

export function toggleReaction(
  reactions: Reactions,
  reaction: string,
  name: string,
  add: boolean,
): Reactions {
  const others = (reactions[reaction] ?? []).filter((who) => who !== name);
  const next = add ? [...others, name] : others;
  const { [reaction]: _dropped, ...rest } = reactions;
  return next.length > 0 ? { ...rest, [reaction]: next } : rest;
}

function parseReactions(json: string): Reactions {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string[]] =>
          Array.isArray(entry[1]) && entry[1].every((who) => typeof who === 'string'),
      ),
    );
  } catch {
    return {};
  }
}

function parseArray(json: string): unknown[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}
