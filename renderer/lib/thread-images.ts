import type { AttachmentView, MessageView } from '../../shared/model/message.ts';
import { isHttpUrl } from '../../shared/model/links.ts';

/** A picture shown in a thread, as the picture viewer steps through them. */
export interface ThreadImage {
  messageId: string;
  /** Its place among its message's attachments. */
  index: number;
  url: string;
  name: string;
  sender: string;
  own: boolean;
  createdAt: number;
}

/** The link of an attachment the thread shows as a picture; null for a chip. */
export function inlineImageUrl(attachment: AttachmentView): string | null {
  return attachment.kind === 'image' && isHttpUrl(attachment.url) ? attachment.url : null;
}

/** The pictures of `messages` (a thread's loaded window), in the order the thread shows them. */
export function threadImages(messages: readonly MessageView[]): ThreadImage[] {
  return messages.flatMap((message) =>
    message.attachments.flatMap((attachment, index) => {
      const url = inlineImageUrl(attachment);
      return url === null
        ? []
        : [
            {
              messageId: message.id,
              index,
              url,
              name: attachment.name,
              sender: message.sender.username,
              own: message.own,
              createdAt: message.createdAt,
            },
          ];
    }),
  );
}

/** Where the picture at `index` of message `messageId` is in `images`; -1 once it is gone. */
export function imagePosition(
  images: readonly ThreadImage[],
  messageId: string,
  index: number,
): number {
  return images.findIndex((image) => image.messageId === messageId && image.index === index);
}
