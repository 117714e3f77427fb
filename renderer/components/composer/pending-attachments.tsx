import type { AttachmentInput } from '../../../shared/model/message.ts';
import { fileSize } from '../../lib/format.ts';
import { Icon } from '../common/icon.tsx';

/** The attachments that go with the next message, each removable before it is sent. */
export function PendingAttachments({
  attachments,
  onRemove,
}: {
  attachments: AttachmentInput[];
  onRemove(index: number): void;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul className="pending-attachments" aria-label="Attachments to send">
      {attachments.map((attachment, index) => (
        <li key={`${index}:${attachment.url}`} className="attachment-chip pending">
          <Icon name="file" />
          <span className="attachment-name" title={attachment.url}>
            {attachment.name}
          </span>
          {attachment.size !== undefined && (
            <span className="attachment-size">{fileSize(attachment.size)}</span>
          )}
          <button
            type="button"
            className="icon-button small"
            aria-label={`Remove attachment ${attachment.name}`}
            title="Remove"
            onClick={() => onRemove(index)}
          >
            <Icon name="close" size={14} />
          </button>
        </li>
      ))}
    </ul>
  );
}
