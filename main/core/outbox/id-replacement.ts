import type { ChangeBatch } from '../events/change-batch.ts';
import { recomputeConversationDerived } from '../store/conversation-derived.ts';
import type { Database } from '../store/database.ts';
import { statement } from '../store/statement-cache.ts';

/**
 * Once the server confirms a record created locally, its temporary id gives
 * way to the server's everywhere it is referenced. If a sync round already
 * stored the server's copy, the local row is dropped in its favour.
 *
 * Where the conversation stands in the list is left to the caller, which
 * stores the server's copy (and with it the server's time) next and then
 * recomputes it (recomputeConversationOrder).
 */
export function replaceMessageId(
  db: Database,
  localId: string,
  serverId: string,
  batch: ChangeBatch,
): void {
  const row = statement(db, 'SELECT conversation_id FROM messages WHERE id = ?').get(localId) as
    { conversation_id: string } | undefined;
  const serverCopy = statement(db, 'SELECT 1 FROM messages WHERE id = ?').get(serverId);
  if (serverCopy) statement(db, 'DELETE FROM messages WHERE id = ?').run(localId);
  else statement(db, 'UPDATE messages SET id = ? WHERE id = ?').run(serverId, localId);
  statement(db, 'UPDATE outbox SET target_id = ? WHERE target_id = ?').run(serverId, localId);
  // Up right after Enter edits the message still on its way: the edit follows it.
  statement(db, 'UPDATE open_edits SET message_id = ? WHERE message_id = ?').run(serverId, localId);
  recordMapping(db, localId, serverId);
  batch.replaced(localId, serverId);
  if (row) {
    // Only its own conversation can pin a message or end with it, so no scan of every conversation.
    for (const column of ['pinned_message_id', 'last_message_id']) {
      statement(db, `UPDATE conversations SET ${column} = ? WHERE id = ? AND ${column} = ?`).run(
        serverId,
        row.conversation_id,
        localId,
      );
    }
    batch.thread(row.conversation_id);
  }
}

export function replaceConversationId(
  db: Database,
  localId: string,
  serverId: string,
  batch: ChangeBatch,
): void {
  const serverCopy = statement(db, 'SELECT 1 FROM conversations WHERE id = ?').get(serverId);
  if (serverCopy) {
    statement(
      db,
      `UPDATE conversations SET
         local_name = COALESCE(local_name, (SELECT local_name FROM conversations WHERE id = $local)),
         read_up_to = MAX(read_up_to, (SELECT read_up_to FROM conversations WHERE id = $local))
       WHERE id = $server`,
    ).run({ $local: localId, $server: serverId });
    statement(db, 'DELETE FROM conversations WHERE id = ?').run(localId);
  } else {
    statement(db, 'UPDATE conversations SET id = ? WHERE id = ?').run(serverId, localId);
  }
  statement(db, 'UPDATE messages SET conversation_id = ? WHERE conversation_id = ?').run(
    serverId,
    localId,
  );
  statement(db, 'UPDATE OR IGNORE drafts SET conversation_id = ? WHERE conversation_id = ?').run(
    serverId,
    localId,
  );
  statement(db, 'DELETE FROM drafts WHERE conversation_id = ?').run(localId);
  statement(
    db,
    'UPDATE OR IGNORE open_edits SET conversation_id = ? WHERE conversation_id = ?',
  ).run(serverId, localId);
  statement(db, 'DELETE FROM open_edits WHERE conversation_id = ?').run(localId);
  statement(db, 'UPDATE outbox SET conversation_id = ? WHERE conversation_id = ?').run(
    serverId,
    localId,
  );
  recordMapping(db, localId, serverId);
  recomputeConversationDerived(db, serverId);
  batch.replaced(localId, serverId);
  batch.conversation(serverId);
}

/**
 * How many replacements are remembered; older ones are dropped as new ones
 * come, so the table cannot grow with every message ever sent. A mapping is
 * needed only for moments: by a request made just before its replacement,
 * and by a lost send's lookup, which looks at most 500 messages back.
 */
export const ID_MAP_LIMIT = 10_000;

function recordMapping(db: Database, localId: string, serverId: string): void {
  statement(
    db,
    `INSERT INTO id_map (local_id, server_id) VALUES (?, ?)
     ON CONFLICT(local_id) DO UPDATE SET server_id = excluded.server_id`,
  ).run(localId, serverId);
  // By rowid, the order of insertion: in the steady state this removes one row.
  statement(db, 'DELETE FROM id_map WHERE rowid <= (SELECT max(rowid) FROM id_map) - ?').run(
    ID_MAP_LIMIT,
  );
}

/**
 * The id a record has now: a local id the server has since replaced is
 * followed to the server's, so a request made just before the replacement
 * (a draft saved, a message sent) still reaches its conversation.
 */
export function currentId(db: Database, id: string): string {
  const row = statement(db, 'SELECT server_id FROM id_map WHERE local_id = ?').get(id) as
    { server_id: string } | undefined;
  return row?.server_id ?? id;
}

/** Whether a server id already stands for one of our local records. */
export function isClaimed(db: Database, serverId: string): boolean {
  return statement(db, 'SELECT 1 FROM id_map WHERE server_id = ?').get(serverId) !== undefined;
}
