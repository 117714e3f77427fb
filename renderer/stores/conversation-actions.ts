import type { ConversationSummary } from '../../shared/model/conversation.ts';
import { call } from '../ipc/parley.ts';
import { plural } from '../lib/format.ts';
import { useConversationList } from './conversation-list-store.ts';
import { closeConversation, openConversation } from './navigation.ts';
import { attempt, useNotices } from './notice-store.ts';
import { useThread } from './thread-store.ts';
import { useSession } from './session-store.ts';
import { confirm, useUi } from './ui-store.ts';

export const MUTE_CHOICES = [
  { label: 'Mute for 1 hour', forMs: 3_600_000 },
  { label: 'Mute for 8 hours', forMs: 8 * 3_600_000 },
  { label: 'Mute for 1 week', forMs: 7 * 24 * 3_600_000 },
  { label: 'Mute always', forMs: null },
] as const;

export function setPinned(conversation: ConversationSummary, pinned: boolean) {
  return attempt(() => call('conversations:setPinned', { id: conversation.id, pinned }));
}

/** Read or unread on this computer only: the API shows no read marker of its own. */
export function setRead(conversation: ConversationSummary, read: boolean) {
  const conversationId = conversation.id;
  if (!read) useThread.getState().keepUnread(conversationId);
  return attempt(() =>
    call(read ? 'conversations:markRead' : 'conversations:markUnread', { conversationId }),
  );
}

/**
 * Every conversation the unread filter shows, read up to its newest message;
 * asked first when that is more than one, as the unread ones are a to-do list.
 */
export function askMarkAllRead() {
  const unread = useConversationList.getState().counts?.unread ?? 0;
  if (unread === 0) {
    useNotices.getState().push('info', 'Nothing is unread.');
  } else if (unread === 1) {
    void markAllRead();
  } else {
    confirm({
      title: `Mark ${plural(unread, 'conversation')} as read?`,
      body: 'Their unread messages will count as read, on this computer only. Archived conversations keep theirs.',
      confirmLabel: 'Mark all as read',
      safe: true,
      onConfirm: () => void markAllRead(),
    });
  }
}

async function markAllRead() {
  const done = await attempt(() => call('conversations:markAllRead', {}));
  if (done && done.marked > 0) {
    useNotices.getState().push('info', `${plural(done.marked, 'conversation')} marked as read`);
  }
}

export function setMuted(conversation: ConversationSummary, muted: boolean, forMs: number | null) {
  return attempt(() =>
    call('conversations:setMuted', { id: conversation.id, muted, forMs: muted ? forMs : null }),
  );
}

export async function setArchived(conversation: ConversationSummary, archived: boolean) {
  const done = await attempt(() =>
    call('conversations:setArchived', { id: conversation.id, archived }),
  );
  if (done) {
    useNotices
      .getState()
      .push(
        'info',
        archived ? `${conversation.title} archived` : `${conversation.title} unarchived`,
      );
  }
}

/**
 * What deleting does, in the words that are true: the conversation goes from
 * this computer and the user's side on the server. The demo's server (the
 * sandbox) keeps the other side's copy; what another server does, the API
 * does not say.
 */
function deleteWords(conversation: ConversationSummary): string {
  const others = conversation.groupId
    ? 'The other members keep their copies'
    : `${conversation.title} keeps their copy`;
  return useSession.getState().session?.demo
    ? `The conversation and its messages are deleted for you, here and on the server. ${others}. This cannot be undone.`
    : 'The conversation and its messages are deleted for you, here and on the server; whether the others keep their copy depends on the server. This cannot be undone.';
}

export function askDelete(conversation: ConversationSummary) {
  confirm({
    title: `Delete ${conversation.title}?`,
    body: deleteWords(conversation),
    confirmLabel: 'Delete for me',
    onConfirm: async () => {
      const done = await attempt(() => call('conversations:delete', { id: conversation.id }));
      if (done && useThread.getState().conversationId === conversation.id) closeConversation();
    },
    ...(conversation.archivedAt === null
      ? { alternative: { label: 'Archive instead', action: () => setArchived(conversation, true) } }
      : {}),
  });
}

export function askRename(conversation: ConversationSummary) {
  useUi.getState().openDialog({
    kind: 'rename',
    conversationId: conversation.id,
    currentName: conversation.localName ?? '',
  });
}

/** A name only this app shows; null goes back to the contact's or group's own. */
export async function renameConversation(id: string, localName: string | null): Promise<boolean> {
  return (await attempt(() => call('conversations:rename', { id, localName }))) !== undefined;
}

/**
 * A mention clicked: the conversation with that contact when there is one,
 * else New conversation with the name in it, to start one on purpose.
 */
export async function openMentioned(name: string): Promise<void> {
  const wanted = name.toLowerCase();
  const contact = (await suggestContacts(name)).find(
    (found) => found.username.toLowerCase() === wanted || found.id.toLowerCase() === wanted,
  );
  if (contact?.conversationId) openConversation(contact.conversationId);
  else useUi.getState().openDialog({ kind: 'new-conversation', contact: contact?.id ?? name });
}

/**
 * Contacts seen in messages whose id or name contains `query`, for the new
 * conversation dialog, or for a mention in `conversationId` (who wrote there first).
 */
export async function suggestContacts(query: string, conversationId?: string) {
  return (await call('contacts:suggest', { query, limit: 8, conversationId })).items;
}

/** The conversations whose name or id contains `query`, as the list orders them. */
export async function findConversations(query: string, limit: number) {
  const trimmed = query.trim();
  return (
    await call('conversations:list', {
      filter: 'all',
      ...(trimmed ? { query: trimmed } : {}),
      limit,
    })
  ).items;
}

/** Opens (creating if needed) the conversation with the contact whose id is the customer's. */
export async function messageCustomer(customerId: string) {
  const opened = await attempt(() => call('orders:messageCustomer', { customerId }));
  if (opened) openConversation(opened.conversationId);
}

export async function createConversation(target: { contactId: string } | { groupId: string }) {
  const created = await attempt(() => call('conversations:create', target));
  if (created) openConversation(created.conversationId);
  return created;
}
