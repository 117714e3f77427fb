import { memo } from 'react';
import type { ConversationSummary } from '../../../shared/model/conversation.ts';
import { summarySender } from '../../lib/conversation-words.ts';
import { plural } from '../../lib/format.ts';
import { safeSlice } from '../../lib/untrusted-text.ts';
import { Avatar } from '../common/avatar.tsx';
import { Icon } from '../common/icon.tsx';
import { ListTime } from '../common/list-time.tsx';

/** A line shows the start of a text; the row's name (built from it) stays short with it. */
const PREVIEW_LENGTH = 160;

function clipped(text: string): string {
  return text.length > PREVIEW_LENGTH ? `${safeSlice(text, 0, PREVIEW_LENGTH - 1)}…` : text;
}

/** What the second line says: the draft waiting in the composer, else the last message. */
function preview(conversation: ConversationSummary, selected: boolean) {
  const line = fullPreview(conversation, selected);
  return { ...line, text: clipped(line.text) };
}

function fullPreview(conversation: ConversationSummary, selected: boolean) {
  // The open conversation's draft is in its composer; the others say what waits there.
  const draft = selected ? null : conversation.draft?.trim();
  if (draft) return { draft: true, text: draft };
  const last = conversation.lastMessage;
  if (!last) return { draft: false, text: 'No messages yet' };
  const body = last.text.trim() || (last.hasAttachments ? 'Attachment' : '');
  const sender = summarySender({ ...last, inGroup: conversation.groupId !== null });
  return { draft: false, text: sender === null ? body : `${sender}: ${body}` };
}

/** What the row says beyond its text, for the end of its accessible name. */
function stateWords(conversation: ConversationSummary): string {
  return [
    conversation.unreadCount > 0 ? plural(conversation.unreadCount, 'unread message') : null,
    conversation.isPinned ? 'pinned' : null,
    conversation.isMuted ? 'muted' : null,
    conversation.archivedAt !== null ? 'archived' : null,
    conversation.failedWrites > 0 ? 'not sent' : conversation.pendingWrites > 0 ? 'sending' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * A row's accessible name comes from what it shows, in the order it shows it
 * (the name, then the second line), with its state after: no aria-label that
 * could drift from the visible words. The avatar, the marks, the time and the
 * badge are hidden from it (the state words say them; a time on every row
 * says too much).
 */
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
  const line = preview(conversation, selected);
  const state = stateWords(conversation);
  return (
    <div
      id={domId}
      role="option"
      aria-selected={selected}
      data-id={conversation.id}
      className={`conversation-row${selected ? ' selected' : ''}${active ? ' active' : ''}${unread > 0 ? ' unread' : ''}`}
    >
      <Avatar name={conversation.title} url={conversation.avatarUrl} />
      <div className="row-text">
        <div className="row-line">
          <span className="row-title isolated" dir="auto">
            {conversation.title}
            <span className="spoken-only">,</span>
          </span>
          {conversation.isPinned && (
            <span className="row-mark" title="Pinned" aria-hidden="true">
              <Icon name="pin" size={14} />
            </span>
          )}
          {conversation.isMuted && (
            <span className="row-mark" title="Muted" aria-hidden="true">
              <Icon name="muted" size={14} />
            </span>
          )}
          {time != null && (
            <span className="row-time" aria-hidden="true">
              <ListTime ms={time} />
            </span>
          )}
        </div>
        <div className="row-line">
          {conversation.failedWrites > 0 ? (
            <span className="row-mark failed" title="Not sent" aria-hidden="true">
              <Icon name="alert" size={14} />
            </span>
          ) : (
            conversation.pendingWrites > 0 && (
              <span className="row-mark" title="Sending" aria-hidden="true">
                <Icon name="clock" size={14} />
              </span>
            )
          )}
          <span className="row-preview isolated" dir="auto">
            {line.draft && <span className="row-draft">Draft: </span>}
            {line.text}
            {state && <span className="spoken-only">, {state}</span>}
          </span>
          {unread > 0 && (
            <span className={`badge${conversation.isMuted ? ' muted' : ''}`} aria-hidden="true">
              {unread > 999 ? '999+' : unread}
            </span>
          )}
        </div>
      </div>
    </div>
  );
});
