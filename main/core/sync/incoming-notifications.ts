import type { ApiMessage } from '../api/messaging-api.ts';
import type { NavigationTarget } from '../../../shared/model/desktop.ts';
import { isPaused } from '../../../shared/model/notification-pause.ts';
import { mentions, previewWords } from '../../../shared/model/message-format.ts';
import type { Settings } from '../../../shared/model/settings.ts';
import type { DesktopNotification, Notifier } from '../ports/ports.ts';
import { conversationTitle } from '../store/conversation-summary.ts';
import type { Database } from '../store/database.ts';
import { clipForDisplay } from '../store/display-text.ts';
import { readSelf } from '../store/self-identity.ts';
import { statement } from '../store/statement-cache.ts';
import type { Activity } from './poller.ts';

const BODY_LENGTH = 200;
/**
 * More conversations than this in one round (a laptop waking after a night)
 * get one summary instead of a notification each: a stack of a dozen toasts
 * helps nobody.
 */
export const MAX_SEPARATE_NOTIFICATIONS = 3;

/** What the user's answers to a notification do; the engine gives them the outbox's path. */
export interface NotificationResponses {
  open(target: NavigationTarget | null): void;
  reply(conversationId: string, text: string): void;
  markRead(conversationId: string): void;
}

export type IncomingPlan =
  | { kind: 'none' }
  | { kind: 'each'; items: { conversationId: string; notification: DesktopNotification }[] }
  | { kind: 'summary'; notification: DesktopNotification };

interface ConversationRow {
  id: string;
  local_name: string | null;
  contact_id: string | null;
  group_id: string | null;
  contact_username: string | null;
  is_muted: number;
  read_up_to: number;
}

/**
 * Decides what to tell the user about messages that just arrived. Silent
 * when notifications are off or paused, for messages already read, and for
 * the conversation open in a focused window; a muted conversation speaks
 * only of a message that mentions the user by name, as Slack and Element do.
 */
export function planIncoming(
  db: Database,
  settings: Settings,
  activity: Activity,
  incoming: readonly ApiMessage[],
  now: number,
): IncomingPlan {
  const paused = isPaused(settings.desktop.notificationsPausedUntil, now);
  if (incoming.length === 0 || !settings.notifications || paused) {
    return { kind: 'none' };
  }
  const byConversation = new Map<string, ApiMessage[]>();
  for (const message of incoming) {
    const list = byConversation.get(message.conversationId) ?? [];
    list.push(message);
    byConversation.set(message.conversationId, list);
  }
  const lookup = statement(
    db,
    `SELECT c.id, c.local_name, c.contact_id, c.group_id, c.is_muted, c.read_up_to,
       ct.username AS contact_username
     FROM conversations c LEFT JOIN contacts ct ON ct.id = c.contact_id WHERE c.id = ?`,
  );
  const onScreen = (id: string) =>
    activity.focused && activity.visible && activity.openConversationId === id;

  const self = readSelf(db)?.username ?? null;
  const mentionsYou = (message: ApiMessage) => self !== null && mentions(message.message, self);

  const news: { row: ConversationRow; unread: ApiMessage[] }[] = [];
  for (const [conversationId, messages] of byConversation) {
    const row = lookup.get(conversationId) as ConversationRow | undefined;
    if (!row || onScreen(conversationId)) continue;
    const unread = messages
      .filter((message) => message.createdAt > row.read_up_to)
      .filter((message) => row.is_muted === 0 || mentionsYou(message))
      .sort((a, b) => a.createdAt - b.createdAt);
    if (unread.length > 0) news.push({ row, unread });
  }
  if (news.length === 0) return { kind: 'none' };

  if (news.length > MAX_SEPARATE_NOTIFICATIONS) {
    const total = news.reduce((sum, { unread }) => sum + unread.length, 0);
    return {
      kind: 'summary',
      notification: {
        title: 'Parley',
        body: `${total} new messages in ${news.length} conversations`,
        tag: 'summary',
      },
    };
  }
  return {
    kind: 'each',
    items: news.map(({ row, unread }) => ({
      conversationId: row.id,
      notification: describe(row, unread, settings.desktop.hideNotificationText, mentionsYou),
    })),
  };
}

function describe(
  row: ConversationRow,
  unread: ApiMessage[],
  hideText: boolean,
  mentionsYou: (message: ApiMessage) => boolean,
): DesktopNotification {
  const name = conversationTitle(row);
  const newest = unread[unread.length - 1] as ApiMessage;
  const tag = `conversation:${row.id}`;
  const mention = unread.find(mentionsYou);
  if (hideText) {
    const what = unread.length === 1 ? 'New message' : `${unread.length} new messages`;
    return { title: `${mention ? 'A mention of you' : what} from ${name}`, body: '', tag };
  }
  if (mention) {
    // The mention is what the user asked to hear about, whatever came after it.
    const where = row.group_id !== null ? ` in ${name}` : '';
    return {
      title: `${mention.contact.username} mentioned you${where}`,
      body: preview(mention),
      tag,
    };
  }
  const text = preview(newest);
  const more = unread.length > 1 ? ` (${unread.length} new messages)` : '';
  return {
    title: `${name}${more}`,
    body: row.group_id !== null ? `${newest.contact.username}: ${text}` : text,
    tag,
  };
}

/**
 * Shows what the plan decided, each notification answering through
 * `responses`; without them (no one to answer) a notification only informs.
 */
export function announceIncoming(
  notifier: Notifier,
  plan: IncomingPlan,
  responses: NotificationResponses | null,
): void {
  if (plan.kind === 'summary') {
    notifier.notify(plan.notification, { click: () => responses?.open(null) });
  } else if (plan.kind === 'each') {
    for (const { conversationId, notification } of plan.items) {
      notifier.notify(
        notification,
        responses
          ? {
              click: () => responses.open({ kind: 'conversation', conversationId }),
              reply: (text) => responses.reply(conversationId, text),
              markRead: () => responses.markRead(conversationId),
            }
          : { click: () => {} },
      );
    }
  }
}

/** A reply's own words, not the quote it starts with, without formatting marks. */
function preview(message: ApiMessage): string {
  if (message.message.trim() === '') return 'Sent an attachment';
  return clipForDisplay(previewWords(message.message), BODY_LENGTH);
}

/** Unread messages in conversations that are neither muted nor archived. */
export function unreadTotal(db: Database): number {
  const row = statement(
    db,
    'SELECT COALESCE(SUM(unread_count), 0) AS total FROM conversations WHERE is_muted = 0 AND is_archived = 0',
  ).get() as { total: number };
  return Number(row.total);
}
