import type { ConversationSummary } from '../../../shared/model/conversation.ts';
import {
  askDelete,
  askRename,
  MUTE_CHOICES,
  setArchived,
  setMuted,
  setPinned,
  setRead,
} from '../../stores/conversation-actions.ts';
import { useMessageSearch } from '../../stores/message-search.ts';
import { useUi } from '../../stores/ui-store.ts';
import type { MenuEntry } from '../common/menu.tsx';

/** The same actions from the row's context menu and from the thread header. */
export function conversationMenuEntries(conversation: ConversationSummary): MenuEntry[] {
  const mute: MenuEntry[] = conversation.isMuted
    ? [{ label: 'Unmute', onSelect: () => setMuted(conversation, false, null) }]
    : MUTE_CHOICES.map((choice) => ({
        label: choice.label,
        onSelect: () => setMuted(conversation, true, choice.forMs),
      }));
  // Unread again only from a message of someone else's: the user's own words are never unread.
  const read: MenuEntry[] =
    conversation.unreadCount > 0
      ? [{ label: 'Mark as read', onSelect: () => setRead(conversation, true) }]
      : conversation.lastMessage && !conversation.lastMessage.own
        ? [{ label: 'Mark as unread', onSelect: () => setRead(conversation, false) }]
        : [];
  // Entries that come and go with the state sit after Pin and Mute, so those keep their places.
  return [
    {
      label: conversation.isPinned ? 'Unpin' : 'Pin',
      onSelect: () => setPinned(conversation, !conversation.isPinned),
    },
    ...mute,
    ...read,
    {
      label: conversation.archivedAt === null ? 'Archive' : 'Unarchive',
      onSelect: () => setArchived(conversation, conversation.archivedAt === null),
    },
    { label: 'Rename…', onSelect: () => askRename(conversation) },
    {
      label: 'Conversation info',
      onSelect: () => useUi.getState().openDialog({ kind: 'conversation-info', conversation }),
    },
    {
      label: 'Search in conversation',
      onSelect: () =>
        useMessageSearch
          .getState()
          .setScope({ conversationId: conversation.id, title: conversation.title }),
    },
    'separator',
    { label: 'Delete…', danger: true, onSelect: () => askDelete(conversation) },
  ];
}
