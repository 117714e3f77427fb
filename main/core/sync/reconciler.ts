import type { ApiConversation, ApiMessage } from '../api/messaging-api.ts';
import type { ChangeBatch } from '../events/change-batch.ts';
import { pendingTargets } from '../store/outbox-entries.ts';
import {
  recomputeConversationsDerived,
  updateDerivedAfterWrites,
  type InsertedMessage,
} from '../store/conversation-derived.ts';
import type { Database } from '../store/database.ts';
import { markDerivedPending } from '../store/derived-pending.ts';
import { isLocalId } from '../../../shared/model/local-id.ts';
import { upsertContacts, upsertMessages } from '../store/message-upserts.ts';
import { removeConversation, upsertConversations } from '../store/record-upserts.ts';
import { learnSelf, readSelf } from '../store/self-identity.ts';
import { firstKeyAt } from '../store/search-order.ts';
import { statement } from '../store/statement-cache.ts';

/**
 * A stretch of the server's message list (of one conversation, or of all),
 * fetched without gaps: every message created after `after` and before
 * `before` is in it, so a local message in that stretch that is missing was
 * deleted. Null bounds reach the very first or the very last message.
 */
export interface FetchedRange {
  conversationId: string | null;
  after: number | null;
  before: number | null;
}

export interface MessagesOutcome {
  /** Messages from others that were not stored before: what notifications are about. */
  incoming: ApiMessage[];
  /**
   * Conversations with messages the server no longer lists: one message was
   * deleted, or the whole conversation was (which only its own fetch tells).
   */
  deletedIn: string[];
}

/**
 * When the derived columns of the conversations a store touched are brought
 * up to date, and their threads announced: with the store, or `later`,
 * together, as history does (store/derived-pending.ts).
 */
export type DerivedUpdate = 'now' | 'later';

/** Stores a fetched set of messages (the caller runs this in one transaction). */
export function reconcileMessages(
  db: Database,
  messages: readonly ApiMessage[],
  range: FetchedRange | null,
  spare: ReadonlySet<string>,
  batch: ChangeBatch,
  now: number,
  derived: DerivedUpdate = 'now',
): MessagesOutcome {
  const guarded = pendingTargets(db).messages;
  const touched = new Set<string>();
  const incoming: ApiMessage[] = [];
  // Oldest first, so rows are stored in the order the server created them.
  const ordered = [...messages].reverse();
  upsertContacts(
    db,
    ordered.map((message) => message.contact),
    now,
  );
  const self = learnSelfFrom(db, ordered);
  const writes = ordered
    .filter((message) => !guarded.has(message.id))
    .map((message) => ({ message, own: self !== null && message.contact.id === self }));
  const results = upsertMessages(db, writes);
  const inserted: InsertedMessage[] = [];
  const changed = new Set<string>();
  writes.forEach(({ message, own }, index) => {
    const result = results[index];
    if (result === 'unchanged') return;
    touched.add(message.conversationId);
    if (result === 'updated') return void changed.add(message.conversationId);
    const { id, conversationId, createdAt } = message;
    inserted.push({ id, conversationId, createdAt, own });
    if (!own) incoming.push(message);
  });

  const deletedIn = new Set<string>();
  if (range) {
    const fetched = new Set(messages.map((m) => m.id));
    for (const row of messagesInRange(db, range)) {
      if (fetched.has(row.id) || guarded.has(row.id) || spare.has(row.id) || isLocalId(row.id)) {
        continue;
      }
      statement(db, 'DELETE FROM messages WHERE id = ?').run(row.id);
      batch.removedMessage(row.id, row.conversation_id);
      touched.add(row.conversation_id);
      changed.add(row.conversation_id);
      deletedIn.add(row.conversation_id);
    }
  }

  if (derived === 'later') {
    markDerivedPending(db, touched);
  } else {
    updateDerivedAfterWrites(db, inserted, changed);
    for (const conversationId of touched) batch.thread(conversationId);
  }
  return { incoming, deletedIn: [...deletedIn] };
}

/**
 * Who we are, learning it from these messages when it is not known yet: in a
 * one-to-one conversation, a message whose sender is not the conversation's
 * contact is ours.
 */
function learnSelfFrom(db: Database, messages: readonly ApiMessage[]): string | null {
  const known = readSelf(db);
  if (known !== null) return known.contactId;
  const contactOf = statement(db, 'SELECT contact_id FROM conversations WHERE id = ?');
  for (const message of messages) {
    const row = contactOf.get(message.conversationId) as { contact_id: string | null } | undefined;
    if (row?.contact_id && row.contact_id !== message.contact.id) {
      learnSelf(db, message.contact);
      return message.contact.id;
    }
  }
  return null;
}

function messagesInRange(db: Database, range: FetchedRange) {
  const conditions = ['1'];
  // Over all conversations the keys bound the walk, since they follow the creation time.
  const keyed = range.after !== null && range.conversationId === null;
  if (range.after !== null) conditions.push('created_at > $after');
  if (keyed) conditions.push('seq >= $fromKey');
  if (range.before !== null) conditions.push('created_at < $before');
  if (range.conversationId !== null) conditions.push('conversation_id = $conversation');
  return statement(
    db,
    `SELECT id, conversation_id FROM messages WHERE ${conditions.join(' AND ')}`,
  ).all({
    ...(range.after !== null && { $after: range.after }),
    ...(keyed && { $fromKey: firstKeyAt((range.after as number) + 1) }),
    ...(range.before !== null && { $before: range.before }),
    ...(range.conversationId !== null && { $conversation: range.conversationId }),
  }) as { id: string; conversation_id: string }[];
}

export interface ConversationsOutcome {
  /** Conversations whose last activity moved: their messages may have changed. */
  active: string[];
  /** Conversations deleted on the server, with how many pending writes were dropped. */
  removed: { id: string; droppedWrites: number }[];
}

/**
 * Stores a fetched conversation list. When `complete` (every page fetched),
 * a local conversation the server no longer lists was deleted there: its
 * messages and pending writes go too. `spare` lists ids confirmed by the
 * outbox while the list was being fetched, which it may not show yet.
 */
export function reconcileConversations(
  db: Database,
  conversations: readonly ApiConversation[],
  complete: boolean,
  spare: ReadonlySet<string>,
  batch: ChangeBatch,
): ConversationsOutcome {
  const guarded = pendingTargets(db).conversations;
  const activeBefore = new Map(
    (
      statement(
        db,
        'SELECT id, last_active_at FROM conversations WHERE id IN (SELECT value FROM json_each(?))',
      ).all(JSON.stringify(conversations.map((c) => c.id))) as {
        id: string;
        last_active_at: number | null;
      }[]
    ).map((row) => [row.id, row.last_active_at]),
  );
  const results = upsertConversations(
    db,
    conversations,
    conversations.filter((c) => guarded.has(c.id)).map((c) => c.id),
  );
  const active: string[] = [];
  const changed: string[] = [];
  conversations.forEach((conversation, index) => {
    if (results[index] === 'unchanged') return;
    changed.push(conversation.id);
    batch.conversation(conversation.id);
    if (activeBefore.get(conversation.id) !== conversation.lastActiveAt) {
      active.push(conversation.id);
    }
  });
  recomputeConversationsDerived(db, changed);
  const removed = complete
    ? removeUnlisted(db, new Set(conversations.map((c) => c.id)), spare, batch)
    : [];
  return { active, removed };
}

/**
 * After every page of the server's list was seen: a local conversation it did
 * not list was deleted there (`spare` as for `reconcileConversations`).
 */
export function removeUnlisted(
  db: Database,
  listed: ReadonlySet<string>,
  spare: ReadonlySet<string>,
  batch: ChangeBatch,
): ConversationsOutcome['removed'] {
  const removed: ConversationsOutcome['removed'] = [];
  const local = statement(db, 'SELECT id FROM conversations').all() as { id: string }[];
  for (const { id } of local) {
    if (listed.has(id) || spare.has(id) || isLocalId(id)) continue;
    removed.push({ id, droppedWrites: removeConversation(db, id, batch) });
  }
  return removed;
}
