import type { ApiContact, ApiMessage } from '../api/messaging-api.ts';
import type { Database } from './database.ts';
import { timeOrderedSeq } from './search-order.ts';
import { statement } from './statement-cache.ts';

export type UpsertResult = 'inserted' | 'updated' | 'unchanged';

/** A message to store, with whether it is ours (decided by the caller, which knows who we are). */
export interface MessageWrite {
  message: ApiMessage;
  own: boolean;
}

/**
 * Stores messages, oldest first as given, in one statement, and says for each
 * whether it was new, changed or already stored as it is.
 *
 * One statement rather than one per message: every statement that writes the
 * messages table opens a savepoint, and the full-text index flushes its
 * pending terms to a new segment at each one. Row by row that was four
 * fifths of the cost of storing a message; per page it is one flush.
 * The upsert goes through ON CONFLICT(id) DO UPDATE, so the full-text
 * triggers see an UPDATE (never a delete and re-insert) and stay in step.
 */
export function upsertMessages(db: Database, writes: readonly MessageWrite[]): UpsertResult[] {
  if (writes.length === 0) return [];
  const raws = writes.map(({ message }) => JSON.stringify(message.raw));
  const stored = new Map(
    (
      statement(
        db,
        'SELECT id, raw, own FROM messages WHERE id IN (SELECT value FROM json_each(?))',
      ).all(JSON.stringify(writes.map(({ message }) => message.id))) as {
        id: string;
        raw: string;
        own: number;
      }[]
    ).map((row) => [row.id, row]),
  );
  const rows: unknown[][] = [];
  const results = writes.map(({ message, own }, index): UpsertResult => {
    const existing = stored.get(message.id);
    const raw = raws[index] as string;
    if (existing?.raw === raw && existing.own === (own ? 1 : 0)) return 'unchanged';
    rows.push([
      message.id,
      message.conversationId,
      message.contact.id,
      own ? 1 : 0,
      message.message,
      JSON.stringify(message.reactions),
      JSON.stringify(message.attachments),
      message.readAt,
      message.createdAt,
      message.updatedAt,
      raw,
    ]);
    // A message listed twice in one batch is stored once, as last listed.
    stored.set(message.id, { id: message.id, raw, own: own ? 1 : 0 });
    return existing ? 'updated' : 'inserted';
  });
  if (rows.length === 0) return results;
  statement(
    db,
    `INSERT INTO messages (seq, id, conversation_id, sender_id, own, text, reactions,
       attachments, read_at, created_at, updated_at, raw)
     SELECT ${timeOrderedSeq('(value ->> 8)', 'json_each.key')}, value ->> 0, value ->> 1,
       value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7,
       value ->> 8, value ->> 9, value ->> 10
     FROM json_each(?) WHERE true
     ON CONFLICT(id) DO UPDATE SET
       seq = CASE WHEN excluded.created_at = messages.created_at THEN messages.seq
         ELSE excluded.seq END,
       conversation_id = excluded.conversation_id, sender_id = excluded.sender_id,
       own = excluded.own, text = excluded.text, reactions = excluded.reactions,
       attachments = excluded.attachments, read_at = excluded.read_at,
       created_at = excluded.created_at, updated_at = excluded.updated_at, raw = excluded.raw,
       edited_at = CASE WHEN excluded.text = messages.text THEN messages.edited_at
         ELSE COALESCE(excluded.updated_at, excluded.created_at) END`,
  ).run(JSON.stringify(rows));
  return results;
}

/**
 * Stores the contacts seen in a page of messages, each once, in one statement.
 * `seen_at` orders contact suggestions by how recently they were seen, so it
 * moves at most once a minute: a contact unchanged since is not written at all.
 */
export function upsertContacts(db: Database, contacts: readonly ApiContact[], now: number): void {
  if (contacts.length === 0) return;
  const byId = new Map(contacts.map((contact) => [contact.id, contact]));
  statement(
    db,
    `INSERT INTO contacts (id, username, phone_number, avatar_url, last_active_at, created_at, seen_at)
     SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, $now
     FROM json_each($rows) WHERE true
     ON CONFLICT(id) DO UPDATE SET
       username = excluded.username, phone_number = excluded.phone_number,
       avatar_url = excluded.avatar_url, last_active_at = excluded.last_active_at,
       created_at = excluded.created_at, seen_at = excluded.seen_at
     WHERE contacts.username IS NOT excluded.username
       OR contacts.phone_number IS NOT excluded.phone_number
       OR contacts.avatar_url IS NOT excluded.avatar_url
       OR contacts.last_active_at IS NOT excluded.last_active_at
       OR contacts.created_at IS NOT excluded.created_at
       OR contacts.seen_at < excluded.seen_at - 60000`,
  ).run({
    $now: now,
    $rows: JSON.stringify(
      [...byId.values()].map((c) => [
        c.id,
        c.username,
        c.phoneNumber,
        c.avatarUrl,
        c.lastActiveAt,
        c.createdAt,
      ]),
    ),
  });
}
