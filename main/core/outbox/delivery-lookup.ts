import type { ApiMessage, MessagingApi } from '../api/messaging-api.ts';
import type { Database } from '../store/database.ts';
import { readSelf } from '../store/self-identity.ts';
import { isClaimed } from './id-replacement.ts';
import type { OutboxEntry } from '../store/outbox-entries.ts';
import { statement } from '../store/statement-cache.ts';

/** How far the server's clock may be behind ours when matching a lost send. */
const CLOCK_SKEW_MS = 5 * 60_000;
const PAGE_SIZE = 50;
const MAX_PAGES = 10;

/**
 * Before resending a message whose earlier attempt may have reached the
 * server (the response was lost), look for it there: our own message with
 * the same text, created since the first attempt, not already claimed by
 * another of our sends. Finding it means the send is done; resending would
 * make it two.
 */
export async function findDelivered(
  api: MessagingApi,
  db: Database,
  entry: Extract<OutboxEntry, { kind: 'send' }>,
  signal: AbortSignal,
): Promise<ApiMessage | null> {
  const since = (entry.payload.firstAttemptAt ?? entry.createdAt) - CLOCK_SKEW_MS;
  const self = readSelf(db);
  const other = (
    statement(db, 'SELECT contact_id FROM conversations WHERE id = ?').get(entry.conversationId) as
      { contact_id: string | null } | undefined
  )?.contact_id;
  const isOwn = (message: ApiMessage) =>
    self ? message.contact.id === self.contactId : message.contact.id !== other;
  const newestFirst = api.traits.listOrder === 'newest-first';

  let startingAfter: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page = await api.listMessages({
      conversationId: entry.conversationId,
      limit: PAGE_SIZE,
      startingAfter,
      signal,
    });
    const match = page.data.find(
      (message) =>
        message.message === entry.payload.text &&
        message.createdAt >= since &&
        isOwn(message) &&
        !isClaimed(db, message.id),
    );
    if (match) return match;
    const oldest = page.data.at(-1);
    const pastWindow = newestFirst && oldest !== undefined && oldest.createdAt < since;
    if (pastWindow || !page.hasMore || page.nextCursor === null) return null;
    startingAfter = page.nextCursor;
  }
  return null;
}
