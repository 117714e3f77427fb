import { useCallback, useMemo, useRef, useState } from 'react';
import type { SharedAttachment } from '../../../shared/model/message.ts';
import type { ChannelResponse } from '../../../shared/ipc/contract.ts';
import { call } from '../../ipc/parley.ts';
import { inlineImageUrl, threadImages, type ThreadImage } from '../../lib/thread-images.ts';
import { useThread } from '../../stores/thread-store.ts';

/** Messages with attachments a page of older pictures reads. */
const PAGE = 30;

function asImage(item: SharedAttachment): ThreadImage | null {
  const url = inlineImageUrl(item.attachment);
  return url === null
    ? null
    : {
        messageId: item.messageId,
        index: item.index,
        url,
        name: item.attachment.name,
        sender: item.senderName,
        own: item.own,
        createdAt: item.createdAt,
      };
}

/** The thread's order: time, then id, then the picture's place in its message. */
const threadOrder = (a: ThreadImage, b: ThreadImage) =>
  a.createdAt - b.createdAt ||
  (a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0) ||
  a.index - b.index;

/** Each picture once, in the thread's order: the thread's copy is the fresher. */
function merged(older: readonly ThreadImage[], loaded: readonly ThreadImage[]): ThreadImage[] {
  const key = (image: ThreadImage) => `${image.messageId}/${image.index}`;
  const shown = new Set(loaded.map(key));
  return [...older.filter((image) => !shown.has(key(image))), ...loaded].sort(threadOrder);
}

/**
 * The pictures the viewer steps through: the open thread's loaded ones, and
 * before them those of older messages, asked of the core a page at a time
 * (`conversations:attachments`, read through the index of messages with
 * attachments) as the viewer nears the oldest it has. Left goes back through
 * the whole conversation, as in Signal and WhatsApp, not only through the
 * few pages the thread holds.
 */
export function useConversationPictures() {
  const conversationId = useThread((s) => s.conversationId);
  const items = useThread((s) => s.items);
  const [older, setOlder] = useState<ThreadImage[]>([]);
  /** The message to read on from; null once the conversation's first picture is here. */
  const [before, setBefore] = useState<string | null | undefined>(undefined);
  /** The read under way: asked again meanwhile, it is the answer. */
  const reading = useRef<Promise<ThreadImage[]> | null>(null);
  const images = useMemo(() => merged(older, threadImages(items)), [older, items]);

  /** Reads the pictures before the oldest here; resolves with those found, oldest first. */
  const readOlder = useCallback((): Promise<ThreadImage[]> => {
    const from = before === undefined ? images[0]?.messageId : before;
    if (reading.current) return reading.current;
    if (conversationId === null || !from) return Promise.resolve([]);
    const read = (async () => {
      const found: ThreadImage[] = [];
      let next: string | null = from;
      try {
        // Pages of files alone show no picture: read on until one does, or nothing is older.
        while (next !== null && found.length === 0) {
          const page: ChannelResponse<'conversations:attachments'> = await call(
            'conversations:attachments',
            { conversationId, before: next, limit: PAGE },
          );
          found.push(...page.items.flatMap((item) => asImage(item) ?? []));
          next = page.nextBefore;
        }
      } catch {
        // The message read from is gone, or the core could not answer: Left stops where it is.
        next = null;
      }
      found.sort(threadOrder);
      setOlder((shown) => [...found, ...shown]);
      setBefore(next);
      reading.current = null;
      return found;
    })();
    reading.current = read;
    return read;
  }, [before, conversationId, images]);

  return { images, moreBefore: before !== null, readOlder };
}
