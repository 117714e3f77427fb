import { previewWords } from '../../../shared/model/message-format.ts';
import type { MessageView } from '../../../shared/model/message.ts';
import { pinMessage } from '../../stores/message-actions.ts';
import { useThread } from '../../stores/thread-store.ts';
import { Icon } from '../common/icon.tsx';
import { clipMiddle } from '../../lib/untrusted-text.ts';

/**
 * One line of the pinned message, as the list's preview reads it (its own words, without marks,
 * a link to a message named as one): a text of any length is cut to this.
 */
const PREVIEW_LENGTH = 300;

export function PinnedBanner({
  conversationId,
  messageId,
  message,
}: {
  conversationId: string;
  messageId: string;
  message: MessageView | null;
}) {
  const jumpTo = useThread((s) => s.jumpTo);
  const preview = message
    ? clipMiddle(previewWords(message.text).trim(), PREVIEW_LENGTH) ||
      (message.attachments.length > 0 ? 'Attachment' : '')
    : 'Pinned message';
  return (
    <div className="pinned-banner" role="region" aria-label="Pinned message">
      <Icon name="pin" size={16} />
      <button
        type="button"
        className="pinned-jump"
        aria-label={`Go to pinned message: ${preview}`}
        onClick={() => void jumpTo(messageId)}
      >
        {message && (
          <span className="pinned-author">{message.own ? 'You' : message.sender.username}</span>
        )}
        <span className="pinned-text">{preview}</span>
      </button>
      <button
        type="button"
        className="button secondary small"
        onClick={() => void pinMessage(conversationId, null)}
      >
        Unpin
      </button>
    </div>
  );
}
