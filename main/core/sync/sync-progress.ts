import { z } from 'zod';
import type { Database } from '../store/database.ts';
import { readKey, writeKey } from '../store/meta-keys.ts';
import { statement } from '../store/statement-cache.ts';
import { isLocalId } from '../../../shared/model/local-id.ts';

/**
 * How far the sync of an account has come, saved with each page in the same
 * transaction as the page, so a restart goes on where it stopped.
 *
 * - `initial_sync`: what sign-in waits for: the conversation list, then the
 *   newest page of the conversations the user looks at first.
 * - `history`: everything older, fetched afterwards in the background. `feed`
 *   pages the all-conversations list newest first (one request per 100
 *   messages, however they are spread); `per-conversation` fetches one
 *   conversation after another (servers that list oldest first, or whose
 *   cursor cannot page the feed), most recently active first, resuming at the
 *   first one not marked complete.
 */
const initialSchema = z.object({
  phase: z.enum(['conversations', 'recent', 'done']),
  cursor: z.string().nullable(),
  pages: z.number().int().nonnegative(),
  items: z.number().int().nonnegative(),
});
export type InitialProgress = z.infer<typeof initialSchema>;

const historySchema = z.object({
  mode: z.enum(['feed', 'per-conversation']),
  cursor: z.string().nullable(),
  done: z.boolean(),
  pages: z.number().int().nonnegative(),
  items: z.number().int().nonnegative(),
});
export type HistoryProgress = z.infer<typeof historySchema>;

export const INITIAL_KEY = 'initial_sync';
export const HISTORY_KEY = 'history';

const FRESH_INITIAL: InitialProgress = { phase: 'conversations', cursor: null, pages: 0, items: 0 };
const FRESH_HISTORY: HistoryProgress = {
  mode: 'feed',
  cursor: null,
  done: false,
  pages: 0,
  items: 0,
};

function read<T>(db: Database, key: string, schema: z.ZodType<T>, fresh: T): T {
  const stored = readKey(db, 'sync_state', key);
  if (stored === null) return fresh;
  try {
    return schema.parse(JSON.parse(stored));
  } catch {
    return fresh;
  }
}

export const readInitialProgress = (db: Database): InitialProgress =>
  read(db, INITIAL_KEY, initialSchema, FRESH_INITIAL);

export const readHistoryProgress = (db: Database): HistoryProgress =>
  read(db, HISTORY_KEY, historySchema, FRESH_HISTORY);

export function saveInitialProgress(db: Database, progress: InitialProgress): void {
  writeKey(db, 'sync_state', INITIAL_KEY, JSON.stringify(progress));
}

export function saveHistoryProgress(db: Database, progress: HistoryProgress): void {
  writeKey(db, 'sync_state', HISTORY_KEY, JSON.stringify(progress));
}

/** Every message the server lists for this conversation is stored here. */
export function markHistoryComplete(db: Database, conversationId: string): void {
  statement(
    db,
    'UPDATE conversations SET history_complete = 1 WHERE id = ? AND history_complete = 0',
  ).run(conversationId);
}

/** Whether the server may hold older messages of this conversation than are stored here. */
export function olderOnServer(db: Database, conversationId: string): boolean {
  // One started here is not on the server until it is confirmed: asking there for more only
  // showed a loading row under "No messages here yet".
  if (isLocalId(conversationId) || readHistoryProgress(db).done) return false;
  const row = statement(db, 'SELECT history_complete FROM conversations WHERE id = ?').get(
    conversationId,
  ) as { history_complete: number } | undefined;
  return row !== undefined && row.history_complete === 0;
}
