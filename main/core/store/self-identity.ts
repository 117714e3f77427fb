import type { ApiContact } from '../api/messaging-api.ts';
import { recomputeConversationsDerived } from './conversation-derived.ts';
import type { Database } from './database.ts';
import { readKey, writeKey } from './meta-keys.ts';
import { statement } from './statement-cache.ts';
import { isLocalIdSql } from './local-id-sql.ts';

/** Who the signed-in user is, as far as sync has learned it (`meta` keys). */
export interface SelfIdentity {
  contactId: string;
  username: string;
}

/** Sender id of our own messages written before the server has told us who we are. */
export const UNKNOWN_SELF = 'self';

export function readSelf(db: Database): SelfIdentity | null {
  const contactId = readKey(db, 'meta', 'self_contact_id');
  const username = readKey(db, 'meta', 'self_username');
  return contactId === null ? null : { contactId, username: username ?? contactId };
}

/**
 * Records who the signed-in user is. The first time, every stored message is
 * re-marked (ours or not) and unread counts recomputed, since they were
 * guesses until now. Returns whether anything was learned.
 */
export function learnSelf(db: Database, contact: ApiContact): boolean {
  const known = readSelf(db);
  if (known?.contactId === contact.id && known.username === contact.username) return false;
  writeKey(db, 'meta', 'self_contact_id', contact.id);
  writeKey(db, 'meta', 'self_username', contact.username);
  if (known?.contactId === contact.id) return true;
  statement(db, `UPDATE messages SET sender_id = ? WHERE sender_id = ?`).run(
    contact.id,
    UNKNOWN_SELF,
  );
  // Only the conversations whose messages change side are recounted: a first sync learns who
  // we are with a whole conversation list stored, and recounting all of it held the main thread.
  const own = `(sender_id = $self OR ${isLocalIdSql('id')})`;
  const remarked = statement(
    db,
    `UPDATE messages SET own = ${own} WHERE own != ${own} RETURNING conversation_id`,
  ).all({ $self: contact.id }) as { conversation_id: string }[];
  recomputeConversationsDerived(db, new Set(remarked.map((row) => row.conversation_id)));
  return true;
}
