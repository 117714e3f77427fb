import type { AttachmentView } from '../../../shared/model/message.ts';
import { fileSize } from '../../lib/format.ts';
import { isHttpUrl } from '../../../shared/model/links.ts';
import { remoteImageSrc } from '../../lib/remote-image.ts';
import { clipMiddle, spelledOut } from '../../lib/untrusted-text.ts';
import { ServerText } from '../common/untrusted-text.tsx';
import { Icon } from '../common/icon.tsx';
import { openLink } from '../../stores/links.ts';
import { useUi } from '../../stores/ui-store.ts';
import { inlineImageUrl } from '../../lib/thread-images.ts';

function AttachmentChip({ attachment }: { attachment: AttachmentView }) {
  const url = isHttpUrl(attachment.url) ? attachment.url : null;
  const details = [
    attachment.kind === 'unknown' ? 'Attachment' : null,
    attachment.size !== null ? fileSize(attachment.size) : null,
  ].filter(Boolean);
  const content = (
    <>
      <Icon name="file" />
      <ServerText className="attachment-name" text={attachment.name || 'Attachment'} reveal />
      {details.length > 0 && <span className="attachment-size">{details.join(' · ')}</span>}
    </>
  );
  return url ? (
    <button
      type="button"
      className="attachment-chip"
      title={`Open ${spelledOut(clipMiddle(attachment.name))} in the browser`}
      onClick={() => openLink(url)}
    >
      {content}
    </button>
  ) : (
    <span className="attachment-chip">{content}</span>
  );
}

/**
 * Images from http(s) as capped thumbnails, each opening the picture viewer;
 * everything else, and any odd shape, as a chip.
 */
export function Attachments({
  messageId,
  attachments,
}: {
  messageId: string;
  attachments: AttachmentView[];
}) {
  if (attachments.length === 0) return null;
  return (
    <div className="attachments">
      {attachments.map((attachment, index) => {
        const url = inlineImageUrl(attachment);
        return url ? (
          <button
            key={index}
            type="button"
            className="attachment-image"
            aria-label={`Open image ${spelledOut(clipMiddle(attachment.name))}`}
            onClick={() => useUi.getState().openDialog({ kind: 'image', messageId, index })}
          >
            <img
              src={remoteImageSrc(url) ?? undefined}
              alt={spelledOut(clipMiddle(attachment.name))}
              loading="lazy"
              referrerPolicy="no-referrer"
            />
          </button>
        ) : (
          <AttachmentChip key={index} attachment={attachment} />
        );
      })}
    </div>
  );
}
