import { memo } from 'react';
import type { ConversationSummary } from '../../../shared/model/conversation.ts';
import { listTime, plural } from '../../lib/format.ts';
import { Avatar } from '../common/avatar.tsx';
import { Icon } from '../common/icon.tsx';

function Preview({
  conversation,
  selected,
}: {
  conversation: ConversationSummary;
  selected: boolean;
}) {
  // The open conversation's draft is in its composer; the others say what waits there.
  const draft = selected ? null : conversation.draft?.trim();
  return draft ? (
    <span className="row-preview isolated" dir="auto">
      <span className="row-draft">Draft:</span> {draft}
    </span>
  ) : (
    <span className="row-preview isolated" dir="auto">
      {previewText(conversation)}
    </span>
  );
}

function previewText(conversation: ConversationSummary): string {
  const last = conversation.lastMessage;
  if (!last) return 'No messages yet';
  const body = last.text.trim() || (last.hasAttachments ? 'Attachment' : '');
  if (last.own) return `You: ${body}`;
  return conversation.groupId ? `${last.senderName}: ${body}` : body;
}

/** The accessible name: what a sighted user reads off the row at a glance. */
export function rowLabel(conversation: ConversationSummary): string {
  return [
    conversation.title,
    conversation.unreadCount > 0 ? plural(conversation.unreadCount, 'unread message') : null,
    conversation.isPinned ? 'pinned' : null,
    conversation.isMuted ? 'muted' : null,
    conversation.archivedAt !== null ? 'archived' : null,
    conversation.failedWrites > 0 ? 'not sent' : conversation.pendingWrites > 0 ? 'sending' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

export const ConversationRow = memo(function ConversationRow({
  conversation,
  selected,
  active,
  domId,
}: {
  conversation: ConversationSummary;
  selected: boolean;
  active: boolean;
  domId: string;
}) {
  const time = conversation.lastMessage?.createdAt ?? conversation.lastActiveAt;
  const unread = conversation.unreadCount;
  return (
    <div
      id={domId}
      role="option"
      aria-selected={selected}
      aria-label={rowLabel(conversation)}
      data-id={conversation.id}
      className={`conversation-row${selected ? ' selected' : ''}${active ? ' active' : ''}${unread > 0 ? ' unread' : ''}`}
    >
      <Avatar name={conversation.title} url={conversation.avatarUrl} />
      <div className="row-text">
        <div className="row-line">
          <span className="row-title isolated" dir="auto">
            {conversation.title}
          </span>
          {conversation.isPinned && (
            <span className="row-mark" title="Pinned">
              <Icon name="pin" size={14} />
            </span>
          )}
          {conversation.isMuted && (
            <span className="row-mark" title="Muted">
              <Icon name="muted" size={14} />
            </span>
          )}
          {time != null && <span className="row-time">{listTime(time)}</span>}
        </div>
        <div className="row-line">
          {conversation.failedWrites > 0 ? (
            <span className="row-mark failed" title="Not sent">
              <Icon name="alert" size={14} />
            </span>
          ) : (
            conversation.pendingWrites > 0 && (
              <span className="row-mark" title="Sending">
                <Icon name="clock" size={14} />
              </span>
            )
          )}
          <Preview conversation={conversation} selected={selected} />
          {unread > 0 && (
            <span className={`badge${conversation.isMuted ? ' muted' : ''}`}>
              {unread > 999 ? '999+' : unread}
            </span>
          )}
        </div>
      </div>
    </div>
  );
});
