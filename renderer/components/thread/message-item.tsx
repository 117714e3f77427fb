import { memo, useRef, useState } from 'react';
import type { MessageView } from '../../../shared/model/message.ts';
import { exactTime, messageTime } from '../../lib/format.ts';
import { useEdits } from '../../stores/edit-store.ts';
import {
  askDeleteMessage,
  forwardable,
  pinMessage,
  quoteMessage,
} from '../../stores/message-actions.ts';
import { discardWrite, retryWrite } from '../../stores/outbox-store.ts';
import { copyText } from '../../stores/clipboard.ts';
import { useUi } from '../../stores/ui-store.ts';
import { Avatar } from '../common/avatar.tsx';
import { Icon } from '../common/icon.tsx';
import { MenuButton, MenuPopup, type MenuEntry } from '../common/menu.tsx';
import { ServerText } from '../common/untrusted-text.tsx';
import { Attachments } from './attachments.tsx';
import { MessageText } from './message-text.tsx';
import { ReactButton } from './reaction-picker.tsx';
import { Reactions } from './reactions.tsx';
import { isLocalId } from '../../../shared/model/local-id.ts';
import { messageLink } from '../../../shared/model/place-links.ts';
import { mentions } from '../../../shared/model/message-format.ts';
import { useSession } from '../../stores/session-store.ts';

/** One tick on the server, two grey once they have been active since, two blue once fetched. */
const RECEIPTS = {
  sent: { label: 'Sent', title: 'Sent: on the server, waiting for them' },
  delivered: { label: 'Delivered', title: 'Delivered: they have been active since' },
  read: { label: 'Read', title: 'Read: their app has fetched it' },
} as const;

function StateMark({ message }: { message: MessageView }) {
  if (message.state === 'pending') {
    return (
      <span className="state-mark" role="img" aria-label="Sending" title="Sending">
        <Icon name="clock" size={14} />
      </span>
    );
  }
  if (message.state === 'failed') {
    return (
      <span className="state-mark failed" role="img" aria-label="Not sent" title="Not sent">
        <Icon name="alert" size={14} />
      </span>
    );
  }
  if (!message.receipt) return null;
  const { label, title } = RECEIPTS[message.receipt];
  return (
    <span className={`state-mark ${message.receipt}`} role="img" aria-label={label} title={title}>
      <Icon name={message.receipt === 'sent' ? 'check' : 'checks'} size={14} />
    </span>
  );
}

/** Answering and passing on first, as in Telegram and Signal; changing and deleting own last. */
function messageMenu(message: MessageView, pinned: boolean, selected: string): MenuEntry[] {
  const entries: MenuEntry[] = [];
  if (message.text) {
    entries.push({
      label: selected ? 'Quote selection' : 'Quote',
      onSelect: () => quoteMessage(message, selected),
    });
  }
  if (message.text || forwardable(message).length > 0) {
    entries.push({
      label: 'Forward…',
      onSelect: () => useUi.getState().openDialog({ kind: 'forward', message }),
    });
  }
  if (message.text) {
    entries.push({
      label: selected ? 'Copy selection' : 'Copy text',
      onSelect: () => copyText(selected || message.text),
    });
  }
  if (!isLocalId(message.id)) {
    // A place to point at from anywhere: another conversation, a note, a ticket.
    entries.push({
      label: 'Copy link',
      onSelect: () =>
        copyText(messageLink(message.conversationId, message.id), 'Link to the message copied'),
    });
    entries.push({
      label: pinned ? 'Unpin message' : 'Pin message',
      onSelect: () => pinMessage(message.conversationId, pinned ? null : message.id),
    });
  }
  if (message.own) {
    entries.push({
      label: 'Edit',
      onSelect: () =>
        useEdits.getState().set(message.conversationId, { id: message.id, text: message.text }),
    });
    entries.push('separator');
    entries.push({ label: 'Delete…', danger: true, onSelect: () => askDeleteMessage(message) });
  }
  return entries;
}

/** The text selected inside `element`, read as the menu opens: what "Quote selection" quotes. */
function selectedWithin(element: HTMLElement | null): string {
  const selection = document.getSelection();
  if (!element || !selection || selection.isCollapsed || selection.rangeCount === 0) return '';
  const range = selection.getRangeAt(0);
  return element.contains(range.commonAncestorContainer) ? selection.toString().trim() : '';
}

export const MessageItem = memo(function MessageItem({
  message,
  startsGroup,
  showSender,
  highlighted,
  editing,
  pinned,
}: {
  message: MessageView;
  startsGroup: boolean;
  showSender: boolean;
  highlighted: boolean;
  editing: boolean;
  pinned: boolean;
}) {
  const textRef = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<{ at: { x: number; y: number }; selected: string } | null>(null);
  const author = message.own ? 'You' : message.sender.username || message.sender.id;
  const showAuthor = showSender && startsGroup && !message.own;
  const selfName = useSession((s) => s.session?.selfName ?? null);
  const mentionsYou = !message.own && selfName !== null && mentions(message.text, selfName);
  const classes = [
    'message',
    message.own ? 'own' : 'theirs',
    mentionsYou ? 'mentions-you' : '',
    startsGroup ? 'group-start' : '',
    highlighted ? 'highlighted' : '',
    editing ? 'editing' : '',
    message.state,
  ].join(' ');
  return (
    <article className={classes} aria-label={mentionsYou ? `${author}, mentions you` : author}>
      {showSender && !message.own && (
        <div className="message-avatar">
          {startsGroup && <Avatar name={author} url={message.sender.avatarUrl} size={32} />}
        </div>
      )}
      <div className="message-column">
        <div className="bubble-row">
          <div
            className="bubble"
            onContextMenu={(event) => {
              // As in Slack and Element: a right-click on a message opens its actions.
              event.preventDefault();
              const selected = selectedWithin(textRef.current);
              setMenu({ at: { x: event.clientX, y: event.clientY }, selected });
            }}
          >
            {showAuthor && <ServerText className="sender" text={author} />}
            {pinned && (
              <span className="pinned-mark">
                <Icon name="pin" size={12} /> Pinned
              </span>
            )}
            {message.text && <MessageText ref={textRef} text={message.text} />}
            <Attachments messageId={message.id} attachments={message.attachments} />
            <span className="meta">
              {message.editedAt !== null && <span className="edited">Edited</span>}
              {/* Said once per run of messages, as it is seen: not again for each one. */}
              <time
                dateTime={new Date(message.createdAt).toISOString()}
                title={exactTime(message.createdAt)}
                aria-hidden={startsGroup ? undefined : true}
              >
                {messageTime(message.createdAt)}
              </time>
              <StateMark message={message} />
            </span>
          </div>
          <div className="message-actions" role="toolbar" aria-label="Message actions">
            <ReactButton message={message} />
            <MenuButton
              label="More actions"
              entries={() => messageMenu(message, pinned, selectedWithin(textRef.current))}
            >
              <Icon name="more" />
            </MenuButton>
          </div>
        </div>
        {menu && (
          <MenuPopup
            label="More actions"
            entries={messageMenu(message, pinned, menu.selected)}
            anchor={menu.at}
            onClose={() => setMenu(null)}
          />
        )}
        <Reactions message={message} />
        {message.state === 'failed' && message.outboxId !== null && (
          <div className="failed-row">
            <span>
              <strong>Not sent.</strong> {message.error}
            </span>
            <button
              type="button"
              className="link-button"
              onClick={() => retryWrite(message.outboxId!)}
            >
              Retry
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => discardWrite(message.outboxId!)}
            >
              Discard
            </button>
          </div>
        )}
      </div>
    </article>
  );
});
