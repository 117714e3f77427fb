import type { MessageQuote } from '../../../shared/model/message.ts';
import { useLinkedPlace, type LinkedPlace } from '../../stores/linked-places.ts';
import { openLink } from '../../stores/links.ts';
import { Icon } from '../common/icon.tsx';

/**
 * A `parley://` link to a conversation or a message, shown as what it points
 * at (as Slack and Element show theirs), from what is stored here: "maya.chen:
 * Can we move the call?" rather than two ids. The address stays the link's
 * target and its tooltip; a place not on this computer says only what kind it is.
 */
export function PlaceLink({ url, place }: { url: string; place: LinkedPlace }) {
  const view = useLinkedPlace(place);
  const isMessage = place.messageId !== undefined;
  const fallback = isMessage ? 'Link to a message' : 'Link to a conversation';
  return (
    <a
      className="place-link"
      href={url}
      title={view ? `Open in ${view.conversationTitle}` : url}
      onClick={(event) => {
        event.preventDefault();
        openLink(url);
      }}
    >
      <Icon name="chats" size={14} />
      <span className="place-link-text">
        {!view ? (
          fallback
        ) : isMessage ? (
          <MessageLabel quote={view} />
        ) : (
          <bdi>{view.conversationTitle}</bdi>
        )}
      </span>
    </a>
  );
}

function MessageLabel({ quote }: { quote: MessageQuote }) {
  const { conversationTitle, message } = quote;
  if (message === null)
    return (
      <>
        Message in <bdi>{conversationTitle}</bdi>
      </>
    );
  const sender = message.own ? 'You' : message.senderName;
  const words = message.excerpt || (message.hasAttachments ? 'an attachment' : 'a message');
  return (
    <>
      <strong>
        <bdi>{sender}</bdi>
      </strong>
      {conversationTitle !== message.senderName && (
        <>
          {' in '}
          <bdi>{conversationTitle}</bdi>
        </>
      )}
      {': '}
      <bdi>{words}</bdi>
    </>
  );
}
