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
function merged(read: readonly ThreadImage[], loaded: readonly ThreadImage[]): ThreadImage[] {
  const byKey = new Map<string, ThreadImage>();
  for (const image of [...read, ...loaded]) byKey.set(`${image.messageId}/${image.index}`, image);
  return [...byKey.values()].sort(threadOrder);
}

type Direction = 'older' | 'newer';

interface Side {
  images: ThreadImage[];
  /** The message to read on from; null once nothing is left that way. */
  cursor: string | null | undefined;
}

const FRESH: Record<Direction, Side> = {
  older: { images: [], cursor: undefined },
  newer: { images: [], cursor: undefined },
};

/**
 * The pictures the viewer steps through: the open thread's loaded ones, and
 * beyond them those of the messages the thread does not hold, asked of the
 * core a page at a time (`conversations:attachments`, read through the index
 * of messages with attachments) as the viewer nears an end of what it has.
 * Left and Right go through the whole conversation, as in Signal and
 * WhatsApp, not only through the few pages the thread holds.
 */
export function useConversationPictures() {
  const conversationId = useThread((s) => s.conversationId);
  const items = useThread((s) => s.items);
  // Nothing is newer than a window at the conversation's end.
  const windowAtEnd = useThread((s) => !s.hasAfter);
  const [sides, setSides] = useState(FRESH);
  // What has been read, as of now: a read that ends between renders is seen by the next call
  // at once, not only once React renders again (a step or an effect can come in between).
  const known = useRef(FRESH);
  /** The reads under way: asked again meanwhile, one is the answer. */
  const reading = useRef<Partial<Record<Direction, Promise<ThreadImage[]>>>>({});
  const images = useMemo(
    () => merged([...sides.older.images, ...sides.newer.images], threadImages(items)),
    [sides, items],
  );
  const more: Record<Direction, boolean> = {
    older: sides.older.cursor !== null,
    newer: sides.newer.cursor !== null && (sides.newer.cursor !== undefined || !windowAtEnd),
  };

  /** Reads the pictures beyond the farthest here that way; resolves with those found, in order. */
  const read = useCallback(
    (direction: Direction): Promise<ThreadImage[]> => {
      const under = reading.current[direction];
      if (under) return under;
      const edge = direction === 'older' ? images[0] : images.at(-1);
      const { cursor } = known.current[direction];
      const from = cursor === undefined ? edge?.messageId : cursor;
      if (conversationId === null || !from) return Promise.resolve([]);
      const answer = (async () => {
        const found: ThreadImage[] = [];
        let next: string | null = from;
        try {
          // Pages of files alone show no picture: read on until one does, or nothing is left.
          while (next !== null && found.length === 0) {
            const page: ChannelResponse<'conversations:attachments'> = await call(
              'conversations:attachments',
              { conversationId, [direction === 'older' ? 'before' : 'after']: next, limit: PAGE },
            );
            found.push(...page.items.flatMap((item) => asImage(item) ?? []));
            next = direction === 'older' ? page.nextBefore : page.nextAfter;
          }
        } catch {
          // The message read from is gone, or the core could not answer: the step stops here.
          next = null;
        }
        found.sort(threadOrder);
        known.current = {
          ...known.current,
          [direction]: { images: [...known.current[direction].images, ...found], cursor: next },
        };
        setSides(known.current);
        delete reading.current[direction];
        return found;
      })();
      reading.current[direction] = answer;
      return answer;
    },
    [conversationId, images],
  );

  return { images, more, read };
}
