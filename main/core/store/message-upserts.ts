import type { ApiContact, ApiMessage } from '../api/messaging-api.ts';
import type { Database } from './database.ts';
import { insertRows } from './multi-row-insert.ts';
import { toSearchBacklog } from './search-backlog.ts';
import { nextSeqs } from './search-order.ts';
import { statement } from './statement-cache.ts';

export type UpsertResult = 'inserted' | 'updated' | 'unchanged';

/** A message to store, with whether it is ours (decided by the caller, which knows who we are). */
export interface MessageWrite {
  message: ApiMessage;
  own: boolean;
}

/**
 * The columns a message is stored in after its key, as INSERT_MESSAGES names
 * them. A record listed again is unchanged when it would write each of them
 * as it is: what the server changed in a field Parley does not store changes
 * nothing to write.
 */
const COLUMNS = [
  'id',
  'conversation_id',
  'sender_id',
  'own',
  'text',
  'reactions',
  'attachments',
  'read_at',
  'created_at',
  'updated_at',
] as const;

const INSERT_MESSAGES = `INSERT INTO messages (seq, ${COLUMNS.join(', ')})`;

/** A changed row keeps its key unless its time moved. */
const UPSERT_MESSAGES = `ON CONFLICT(id) DO UPDATE SET
  seq = CASE WHEN excluded.created_at = messages.created_at THEN messages.seq
    ELSE excluded.seq END,
  conversation_id = excluded.conversation_id, sender_id = excluded.sender_id,
  own = excluded.own, text = excluded.text, reactions = excluded.reactions,
  attachments = excluded.attachments, read_at = excluded.read_at,
  created_at = excluded.created_at, updated_at = excluded.updated_at,
  edited_at = CASE WHEN excluded.text = messages.text THEN messages.edited_at
    ELSE COALESCE(excluded.updated_at, excluded.created_at) END`;

/** Where a row's key and creation time sit in the rows built below: the key, then COLUMNS. */
const SEQ = 0;
const CREATED_AT = 1 + COLUMNS.indexOf('created_at');

/**
 * Stores messages, oldest first as given, a page in a few statements, and
 * says for each whether it was new, changed or already stored as it is.
 *
 * Many rows per statement rather than one: every statement that writes the
 * messages table opens a savepoint, and the full-text index flushes its
 * pending terms to a new segment at each one. Row by row that was four
 * fifths of the cost of storing a message. New rows go in by a plain
 * insert, changed ones through ON CONFLICT(id) DO UPDATE, so the full-text
 * triggers see an UPDATE (never a delete and re-insert) and stay in step;
 * an upsert's statement carries the update's triggers too, which a page of
 * history, new rows all, has no use for.
 */
export function upsertMessages(db: Database, writes: readonly MessageWrite[]): UpsertResult[] {
  if (writes.length === 0) return [];
  const stored = storedAs(db, writes);
  /** The rows to write in the order given (their keys follow it), and the new and changed apart. */
  const rows: unknown[][] = [];
  const fresh: unknown[][] = [];
  const changed: unknown[][] = [];
  const results = writes.map(({ message, own }): UpsertResult => {
    const values = [
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
    ];
    const existing = stored.get(message.id);
    if (existing?.every((value, index) => value === values[index])) return 'unchanged';
    const row = [null, ...values];
    rows.push(row);
    (existing ? changed : fresh).push(row);
    // A message listed twice in one batch is stored once, as last listed.
    stored.set(message.id, values);
    return existing ? 'updated' : 'inserted';
  });
  if (rows.length === 0) return results;
  const seqs = nextSeqs(
    db,
    rows.map((columns) => columns[CREATED_AT] as number),
  );
  rows.forEach((columns, index) => (columns[SEQ] = seqs[index] ?? null));
  insertRows(db, INSERT_MESSAGES, '', fresh);
  insertRows(db, INSERT_MESSAGES, UPSERT_MESSAGES, changed);
  toSearchBacklog(
    db,
    fresh.map((columns) => ({ id: columns[1] as string, seq: columns[SEQ] as bigint | null })),
  );
  return results;
}

/** The COLUMNS of the messages of `writes` that are stored, by id; one alone by its key. */
function storedAs(db: Database, writes: readonly MessageWrite[]): Map<string, unknown[]> {
  const select = `SELECT ${COLUMNS.join(', ')} FROM messages`;
  const [only] = writes;
  const rows = (
    writes.length === 1 && only !== undefined
      ? statement(db, `${select} WHERE id = ?`).all(only.message.id)
      : statement(db, `${select} WHERE id IN (SELECT value FROM json_each(?))`).all(
          JSON.stringify(writes.map(({ message }) => message.id)),
        )
  ) as Record<(typeof COLUMNS)[number], unknown>[];
  return new Map(rows.map((row) => [row.id as string, COLUMNS.map((name) => row[name])]));
}

/**
 * Stores the contacts seen in a page of messages, each once, a few statements per page.
 * `seen_at` orders contact suggestions by how recently they were seen, so it
 * moves at most once a minute: a contact unchanged since is not written at all.
 */
export function upsertContacts(db: Database, contacts: readonly ApiContact[], now: number): void {
  if (contacts.length === 0) return;
  const byId = new Map(contacts.map((contact) => [contact.id, contact]));
  insertRows(
    db,
    'INSERT INTO contacts (id, username, phone_number, avatar_url, last_active_at, created_at, seen_at)',
    `ON CONFLICT(id) DO UPDATE SET
       username = excluded.username, phone_number = excluded.phone_number,
       avatar_url = excluded.avatar_url, last_active_at = excluded.last_active_at,
       created_at = excluded.created_at, seen_at = excluded.seen_at
     WHERE contacts.username IS NOT excluded.username
       OR contacts.phone_number IS NOT excluded.phone_number
       OR contacts.avatar_url IS NOT excluded.avatar_url
       OR contacts.last_active_at IS NOT excluded.last_active_at
       OR contacts.created_at IS NOT excluded.created_at
       OR contacts.seen_at < excluded.seen_at - 60000`,
    [...byId.values()].map((c) => [
      c.id,
      c.username,
      c.phoneNumber,
      c.avatarUrl,
      c.lastActiveAt,
      c.createdAt,
      now,
    ]),
  );
}
