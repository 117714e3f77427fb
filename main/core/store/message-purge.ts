import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { Logger } from '../ports/ports.ts';
import { transaction, type Database } from './database.ts';
import { inTurns } from './in-turns.ts';
import { statement } from './statement-cache.ts';

/**
 * The messages of a removed conversation, deleted a chunk per turn. Each
 * deleted message runs the full-text delete trigger, so one DELETE of a long
 * conversation's messages held the main thread in the removal's transaction:
 * about 0.5 s for 100,000 messages in a million-message database, with IPC,
 * window events and the webhook receiver waiting.
 *
 * The conversation row goes at once, and with it every view of its messages
 * (threads, counts, notifications read through the conversation), and search
 * leaves out the messages still waiting (search-queries.ts). A removal
 * deletes the first chunk itself, so a conversation of up to a chunk is gone
 * in one transaction as before, and only a longer one is listed in
 * `message_purges` (migrations/0014-message-purges.ts) for the rest. The list
 * is in the database, so a purge that a quit interrupts goes on at the next
 * start.
 */

/** Messages deleted per transaction: about 2.5 ms at the median (`npm run bench -- store`). */
export const PURGE_CHUNK = 500;

/** In the removal's transaction: the first chunk of the conversation's messages, the rest listed. */
export function removeConversationMessages(db: Database, conversationId: string): void {
  if (deleteChunk(db, conversationId) < PURGE_CHUNK) return;
  statement(db, 'INSERT OR IGNORE INTO message_purges (conversation_id) VALUES (?)').run(
    conversationId,
  );
}

/**
 * Conversations stored again (the server lists them once more) while their
 * old messages still wait: those go first, all of them, so none of them
 * comes back with them. Rare, so the one long delete is taken here.
 */
export function finishMessagePurges(db: Database, conversationIds: readonly string[]): void {
  const listed = statement(
    db,
    `DELETE FROM message_purges WHERE conversation_id IN (SELECT value FROM json_each(?))
     RETURNING conversation_id AS id`,
  ).all(JSON.stringify(conversationIds)) as { id: string }[];
  for (const { id } of listed) {
    statement(db, 'DELETE FROM messages WHERE conversation_id = ?').run(id);
  }
}

/** Whether some removed conversation's messages are still being purged. */
export function purging(db: Database): boolean {
  return (
    statement(db, 'SELECT EXISTS (SELECT 1 FROM message_purges) AS listed').get()?.listed === 1
  );
}

/** One transaction: a chunk of the first listed conversation's messages; false when none is listed. */
export function purgeMessagesChunk(db: Database): boolean {
  return transaction(db, () => {
    const next = statement(db, 'SELECT conversation_id AS id FROM message_purges LIMIT 1').get() as
      { id: string } | undefined;
    if (next === undefined) return false;
    if (deleteChunk(db, next.id) < PURGE_CHUNK) {
      statement(db, 'DELETE FROM message_purges WHERE conversation_id = ?').run(next.id);
    }
    return true;
  });
}

function deleteChunk(db: Database, conversationId: string): number {
  return Number(
    statement(
      db,
      `DELETE FROM messages WHERE seq IN
         (SELECT seq FROM messages WHERE conversation_id = ? LIMIT ?)`,
    ).run(conversationId, PURGE_CHUNK).changes,
  );
}

export interface MessagePurger {
  /** Purges what is listed: at start, for what an earlier run left. */
  run(): void;
  stop(): Promise<void>;
}

/**
 * Purges in turns on this connection whenever a change removes a
 * conversation, until nothing is listed; a removal while it runs is picked up
 * by the same run, or by one more.
 */
export function startMessagePurger(deps: {
  db: Database;
  subscribe(listener: (event: CoreEvent) => void): () => void;
  log: Logger;
}): MessagePurger {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  function run(): void {
    if (stopped) return;
    if (running !== null) return void (again = true);
    running = inTurns(
      () => purgeMessagesChunk(deps.db),
      () => stopped,
    )
      .catch((error: unknown) => {
        // Busy past its timeout, or the file closed under it: the list stays for the next run.
        if (!stopped) deps.log.warn('purging removed messages failed', { error: String(error) });
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  }

  const unsubscribe = deps.subscribe((event) => {
    if (event.type === 'changes' && event.removedConversations.length > 0) run();
  });

  return {
    run,
    async stop() {
      stopped = true;
      unsubscribe();
      await running;
    },
  };
}
