import type { ConversationSummary } from '../../../shared/model/conversation.ts';
import { groupWords } from '../../lib/conversation-words.ts';
import { exactTime } from '../../lib/format.ts';
import { setArchived } from '../../stores/conversation-actions.ts';
import { useUi } from '../../stores/ui-store.ts';
import { Avatar } from '../common/avatar.tsx';
import { Icon } from '../common/icon.tsx';
import { MenuButton } from '../common/menu.tsx';
import { conversationMenuEntries } from '../conversation-list/conversation-menu.ts';

function subtitle(conversation: ConversationSummary): string {
  // The contact's id says who a renamed conversation is with; under their own name it repeats it.
  const who = conversation.groupId
    ? groupWords(conversation)
    : conversation.contactId !== conversation.title
      ? conversation.contactId
      : null;
  const parts = [who];
  if (conversation.isMuted) {
    parts.push(
      conversation.mutedUntil ? `Muted until ${exactTime(conversation.mutedUntil)}` : 'Muted',
    );
  }
  if (conversation.archivedAt !== null) parts.push('Archived');
  return parts.filter(Boolean).join(' · ');
}

export function ThreadHeader({ conversation }: { conversation: ConversationSummary }) {
  const line = subtitle(conversation);
  return (
    <header className="thread-header">
      <Avatar name={conversation.title} url={conversation.avatarUrl} size={36} />
      <div className="thread-title">
        <h2 dir="auto" className="isolated">
          {conversation.title}
        </h2>
        {line && <p>{line}</p>}
      </div>
      {conversation.isPinned && (
        <span className="row-mark" title="Pinned conversation">
          <Icon name="pin" size={16} />
        </span>
      )}
      {conversation.archivedAt !== null && (
        <button
          type="button"
          className="button secondary"
          onClick={() => setArchived(conversation, false)}
        >
          Unarchive
        </button>
      )}
      <button
        type="button"
        className="icon-button"
        aria-label="Conversation info"
        title="Conversation info: who it is with, pictures and files"
        onClick={() => useUi.getState().openDialog({ kind: 'conversation-info', conversation })}
      >
        <Icon name="info" />
      </button>
      <MenuButton
        label="Conversation actions"
        entries={() => conversationMenuEntries(conversation)}
      >
        <Icon name="more" />
      </MenuButton>
    </header>
  );
}
