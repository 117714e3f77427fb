import { useEffect, useId, useState } from 'react';
import type { ConversationInfo, ConversationSummary } from '../../../shared/model/conversation.ts';
import type { SharedAttachment } from '../../../shared/model/message.ts';
import { describeError } from '../../ipc/errors.ts';
import { call } from '../../ipc/parley.ts';
import { groupWords } from '../../lib/conversation-words.ts';
import { exactTime, fileSize } from '../../lib/format.ts';
import { remoteImageSrc } from '../../lib/remote-image.ts';
import { inlineImageUrl } from '../../lib/thread-images.ts';
import { clipMiddle, spelledOut } from '../../lib/untrusted-text.ts';
import { openMentioned } from '../../stores/conversation-actions.ts';
import { openLink } from '../../stores/links.ts';
import { showConversation } from '../../stores/navigation.ts';
import { useUi } from '../../stores/ui-store.ts';
import { Avatar } from '../common/avatar.tsx';
import { InlineError } from '../common/fields.tsx';
import { ListTime } from '../common/list-time.tsx';
import { Icon } from '../common/icon.tsx';
import { Modal } from '../common/modal.tsx';
import { ServerText } from '../common/untrusted-text.tsx';

/** Messages whose attachments one page brings. */
const PAGE = 30;

/** The message the attachment came in, in its thread; a picture opens in the viewer there. */
async function showInConversation(
  conversationId: string,
  item: SharedAttachment,
  picture: boolean,
) {
  useUi.getState().closeDialog();
  await showConversation(conversationId, item.messageId);
  if (picture) {
    useUi.getState().openDialog({ kind: 'image', messageId: item.messageId, index: item.index });
  }
}

/**
 * Who a conversation is with and what was shared in it, as Signal, WhatsApp
 * and Telegram show a chat's info: its contact's name and number, or who
 * wrote in the group lately, and its pictures and files, newest first.
 */
export function ConversationInfoDialog({
  conversation,
  onClose,
}: {
  conversation: ConversationSummary;
  onClose(): void;
}) {
  const [info, setInfo] = useState<ConversationInfo | null>(null);
  const [items, setItems] = useState<SharedAttachment[]>([]);
  const [nextBefore, setNextBefore] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const peopleId = useId();
  const sharedId = useId();

  /** A page of attachments; the first comes with the dialog, which opens loading. */
  const fetchPage = (before: string | null) =>
    call('conversations:attachments', {
      conversationId: conversation.id,
      limit: PAGE,
      ...(before !== null && { before }),
    })
      .then(
        (page) => {
          setItems((shown) => (before === null ? page.items : [...shown, ...page.items]));
          setNextBefore(page.nextBefore);
          setError(null);
        },
        (failure: unknown) => setError(describeError(failure)),
      )
      .finally(() => setLoading(false));

  useEffect(() => {
    call('conversations:info', { id: conversation.id }).then(setInfo, (failure: unknown) =>
      setError(describeError(failure)),
    );
    void fetchPage(null);
    // One conversation per dialog: the dialog host keys it by the conversation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pictures = items.filter((item) => inlineImageUrl(item.attachment) !== null);
  const files = items.filter((item) => inlineImageUrl(item.attachment) === null);
  const contact = info?.contact ?? null;
  const details = [
    contact?.username && contact.username !== conversation.title ? `@${contact.username}` : null,
    contact?.phoneNumber ?? null,
    conversation.groupId !== null ? groupWords(conversation) : null,
  ].filter((detail): detail is string => detail !== null);

  return (
    <Modal title="Conversation info" onClose={onClose} className="conversation-info">
      <div className="info-who">
        <Avatar name={conversation.title} url={conversation.avatarUrl} size={56} />
        <div>
          <ServerText className="info-title" text={conversation.title} />
          {details.map((detail) => (
            <ServerText key={detail} className="info-detail" text={detail} />
          ))}
        </div>
      </div>
      <InlineError>{error}</InlineError>
      {conversation.groupId !== null && info !== null && info.people.length > 0 && (
        <section aria-labelledby={peopleId}>
          <h3 id={peopleId}>Who wrote lately</h3>
          <ul className="info-people">
            {info.people.map((person) => (
              <li key={person.id}>
                <button
                  type="button"
                  className="info-person"
                  title={`Message ${spelledOut(clipMiddle(person.username))}`}
                  onClick={() => {
                    onClose();
                    void openMentioned(person.username);
                  }}
                >
                  <Avatar name={person.username} url={person.avatarUrl} size={28} />
                  <ServerText text={person.username} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby={sharedId} aria-busy={loading}>
        <h3 id={sharedId}>Pictures and files</h3>
        {!loading && items.length === 0 && error === null && (
          <p className="hint">Nothing shared yet. Pictures and files sent here show up here.</p>
        )}
        {pictures.length > 0 && (
          <ul className="info-pictures" aria-label="Pictures">
            {pictures.map((item) => (
              <li key={`${item.messageId}/${item.index}`}>
                <button
                  type="button"
                  aria-label={`Open image ${spelledOut(clipMiddle(item.attachment.name))}`}
                  title={`${item.own ? 'You' : spelledOut(item.senderName)}, ${exactTime(item.createdAt)}`}
                  onClick={() => void showInConversation(conversation.id, item, true)}
                >
                  <img
                    src={remoteImageSrc(item.attachment.url) ?? undefined}
                    alt=""
                    loading="lazy"
                    referrerPolicy="no-referrer"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
        {files.length > 0 && (
          <ul className="info-files" aria-label="Files">
            {files.map((item) => (
              <li key={`${item.messageId}/${item.index}`}>
                <Icon name="file" />
                <span className="info-file">
                  <ServerText className="attachment-name" text={item.attachment.name} reveal />
                  <span className="hint">
                    {item.own ? 'You' : <ServerText text={item.senderName} />}
                    {' · '}
                    <time
                      dateTime={new Date(item.createdAt).toISOString()}
                      title={exactTime(item.createdAt)}
                    >
                      <ListTime ms={item.createdAt} />
                    </time>
                    {item.attachment.size !== null && ` · ${fileSize(item.attachment.size)}`}
                  </span>
                </span>
                {item.attachment.url !== null && (
                  <button
                    type="button"
                    className="button secondary"
                    aria-label={`Open ${spelledOut(clipMiddle(item.attachment.name))} in the browser`}
                    onClick={() => openLink(item.attachment.url as string)}
                  >
                    Open
                  </button>
                )}
                <button
                  type="button"
                  className="button secondary"
                  aria-label={`Show ${spelledOut(clipMiddle(item.attachment.name))} in the conversation`}
                  onClick={() => void showInConversation(conversation.id, item, false)}
                >
                  Show
                </button>
              </li>
            ))}
          </ul>
        )}
        {nextBefore !== null && (
          <button
            type="button"
            className="button secondary"
            disabled={loading}
            onClick={() => {
              setLoading(true);
              void fetchPage(nextBefore);
            }}
          >
            Older pictures and files
          </button>
        )}
      </section>
    </Modal>
  );
}
