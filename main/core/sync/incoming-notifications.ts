import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { Settings } from '../../../shared/model/settings.ts';
import type { ApiMessage } from '../api/messaging-api.ts';
import type { Notifier } from '../ports/ports.ts';
import type { Database } from '../store/database.ts';
import type { Activity } from './poller.ts';
import { statement } from '../store/statement-cache.ts';

const BODY_LENGTH = 200;

/**
 * Tells the user about messages that just arrived: one desktop notification
 * per conversation (its newest message), never for a muted conversation nor
 * for the one already on screen; the badge shows the unread total.
 */
export function announceIncoming(
  db: Database,
  notifier: Notifier,
  settings: Settings,
  activity: Activity,
  incoming: readonly ApiMessage[],
  emit: (event: CoreEvent) => void,
): void {
  if (incoming.length > 0 && settings.notifications) {
    const newest = new Map<string, ApiMessage>();
    for (const message of incoming) {
      const known = newest.get(message.conversationId);
      if (!known || known.createdAt < message.createdAt)
        newest.set(message.conversationId, message);
    }
    const state = statement(
      db,
      'SELECT is_muted, read_up_to, local_name FROM conversations WHERE id = ?',
    );
    for (const [conversationId, message] of newest) {
      const row = state.get(conversationId) as
        { is_muted: number; read_up_to: number; local_name: string | null } | undefined;
      if (!row || row.is_muted === 1 || message.createdAt <= row.read_up_to) continue;
      const onScreen =
        activity.focused && activity.visible && activity.openConversationId === conversationId;
      if (onScreen) continue;
      notifier.notify(
        {
          title: row.local_name ?? message.contact.username,
          body: preview(message),
          conversationId,
        },
        () => emit({ type: 'open-conversation', conversationId }),
      );
    }
  }
  notifier.setBadgeCount(unreadTotal(db));
}

function preview(message: ApiMessage): string {
  if (message.message.trim() === '') return 'Sent an attachment';
  return message.message.length > BODY_LENGTH
    ? `${message.message.slice(0, BODY_LENGTH - 1)}…`
    : message.message;
}

/** Unread messages in conversations that are neither muted nor archived. */
export function unreadTotal(db: Database): number {
  const row = statement(
    db,
    'SELECT COALESCE(SUM(unread_count), 0) AS total FROM conversations WHERE is_muted = 0 AND is_archived = 0',
  ).get() as { total: number };
  return Number(row.total);
}
