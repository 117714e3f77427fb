import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { exactTime } from '../../lib/format.ts';
import { remoteImageSrc } from '../../lib/remote-image.ts';
import { imagePosition, type ThreadImage } from '../../lib/thread-images.ts';
import { clipMiddle, spelledOut } from '../../lib/untrusted-text.ts';
import { openLink } from '../../stores/links.ts';
import { Modal } from '../common/modal.tsx';
import { ServerText } from '../common/untrusted-text.tsx';
import { useConversationPictures } from './use-conversation-pictures.ts';

/** Pictures from an end of those here at which the ones beyond it are read. */
const NEAR_END = 3;

interface At {
  messageId: string;
  index: number;
  /** Found by its link when its message's id changes (a send the server has just confirmed). */
  url: string | null;
}

function find(images: ThreadImage[], at: At): number {
  const byId = imagePosition(images, at.messageId, at.index);
  return byId >= 0 || at.url === null
    ? byId
    : images.findIndex((image) => image.url === at.url && image.index === at.index);
}

/**
 * A picture of the open thread, as large as the window allows, as every
 * messenger shows one: Left and Right step through the conversation's pictures,
 * a click on it shows it at its own size (scrolled when larger), Esc closes.
 * The picture is the one the thumbnail was, served by the main process.
 */
export function ImageViewer({
  messageId,
  index,
  onClose,
}: {
  messageId: string;
  index: number;
  onClose(): void;
}) {
  const { images, more, read } = useConversationPictures();
  const [at, setAt] = useState<At>({ messageId, index, url: null });
  const [actualSize, setActualSize] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const position = find(images, at);
  const image = images[position];

  const show = (next: ThreadImage) => {
    setAt({ messageId: next.messageId, index: next.index, url: next.url });
    setActualSize(false);
  };
  const step = (by: number) => {
    const next = images[position + by];
    if (next) return show(next);
    // At the farthest picture here, with more to read that way: the nearest of them, once read.
    const direction = by < 0 ? 'older' : 'newer';
    if (more[direction]) {
      void read(direction).then((found) => {
        const nearest = by < 0 ? found.at(-1) : found[0];
        if (nearest) show(nearest);
      });
    }
  };
  // Near an end of what is here, what lies beyond it is read, so a step seldom waits for it.
  const nearOldest = position >= 0 && position < NEAR_END;
  const nearNewest = position >= 0 && position >= images.length - NEAR_END;
  useEffect(() => {
    if (nearOldest && more.older) void read('older');
  }, [nearOldest, more.older, read]);
  useEffect(() => {
    if (nearNewest && more.newer) void read('newer');
  }, [nearNewest, more.newer, read]);
  // On the window, not the dialog: a button that ends up disabled (Next at the last picture)
  // lets go of the focus, and the keys must still work.
  const stepRef = useRef(step);
  useLayoutEffect(() => {
    stepRef.current = step;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const by = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
      if (by === undefined) return;
      event.preventDefault();
      stepRef.current(by);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Deleted while shown, or the thread closed under it: nothing is left to show.
  useEffect(() => {
    if (!image) onClose();
  }, [image, onClose]);
  if (!image) return null;
  if (at.url !== image.url || at.messageId !== image.messageId) {
    setAt({ messageId: image.messageId, index: image.index, url: image.url });
  }

  const name = spelledOut(clipMiddle(image.name));
  return (
    <Modal title={name} onClose={onClose} className="image-viewer">
      <div className="image-viewer-content">
        <p className="image-viewer-meta">
          {image.own ? 'You' : <ServerText text={image.sender} />}
          {' · '}
          <time dateTime={new Date(image.createdAt).toISOString()}>
            {exactTime(image.createdAt)}
          </time>
        </p>
        <div className={`image-viewer-stage${actualSize ? ' actual-size' : ''}`}>
          {failed === image.url ? (
            <p role="alert">This picture could not be loaded. Open in browser tries it there.</p>
          ) : (
            <button
              type="button"
              className="image-viewer-picture"
              aria-pressed={actualSize}
              aria-label="Actual size"
              title={actualSize ? 'Fit to the window' : 'Show at its own size'}
              data-autofocus
              onClick={() => setActualSize(!actualSize)}
            >
              <img
                key={image.url}
                src={remoteImageSrc(image.url) ?? undefined}
                alt={name}
                referrerPolicy="no-referrer"
                onError={() => setFailed(image.url)}
              />
            </button>
          )}
        </div>
        <div className="dialog-actions">
          <button
            type="button"
            className="button secondary"
            disabled={position === 0 && !more.older}
            aria-keyshortcuts="ArrowLeft"
            onClick={() => step(-1)}
          >
            Previous picture
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={position === images.length - 1 && !more.newer}
            aria-keyshortcuts="ArrowRight"
            onClick={() => step(1)}
          >
            Next picture
          </button>
          <button type="button" className="button secondary" onClick={() => openLink(image.url)}>
            Open in browser
          </button>
        </div>
      </div>
    </Modal>
  );
}
