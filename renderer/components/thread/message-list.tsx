import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { dayLabel, plural } from '../../lib/format.ts';
import { useThread, type ScrollTarget } from '../../stores/thread-store.ts';
import { editingIn, useEdits } from '../../stores/edit-store.ts';
import { useToday } from '../../stores/clock-store.ts';
import { Icon } from '../common/icon.tsx';
import { MessageItem } from './message-item.tsx';
import { threadRows, type ThreadRow } from './thread-rows.ts';
import { isLocalId } from '../../../shared/model/local-id.ts';

/** Page Up and Page Down in the composer scroll it. */
export const MESSAGE_LIST_ID = 'message-list';

const AT_END_PX = 48;
/** Room above and below the rows for the "loading" line while more can be fetched that way. */
const EDGE_PX = 40;
/** How close (in messages) the screen may come to either end of the loaded window before the next page is fetched. */
const PREFETCH_ROWS = 15;

function estimate(row: ThreadRow | undefined): number {
  return 56 + (row?.startsDay ? 40 : 0) + (row?.startsUnread ? 40 : 0);
}

/**
 * The list's size when a thread was last on screen: the next one opens in the
 * same pane, so its first render can already show the rows at its target.
 */
const lastViewport = { width: 0, height: 0 };

/**
 * Where the scroll target sits by the row estimates, so the list mounts there
 * instead of at the top and moving in later frames: the newest messages are in
 * the first frame that shows the thread. The scroll command that follows only
 * corrects what measuring changes.
 */
function initialOffset(
  rows: ThreadRow[],
  target: ScrollTarget | null,
  viewportHeight: number,
  padding: { start: number; end: number },
): number {
  const index = target?.kind === 'message' ? rows.findIndex((row) => row.key === target.id) : -1;
  let start = padding.start;
  for (let i = 0; i < (index < 0 ? rows.length : index); i++) start += estimate(rows[i]);
  if (index < 0) return Math.max(0, start + padding.end - viewportHeight);
  const row = rows[index];
  const alignStart = target?.kind === 'message' && row?.startsUnread && !target.highlight;
  return Math.max(0, alignStart ? start : start - (viewportHeight - estimate(row)) / 2);
}

const atBottom = (list: HTMLElement) =>
  list.scrollHeight - list.scrollTop - list.clientHeight <= AT_END_PX;

/**
 * The message at the middle of the list's screen, as the screen shows it: the
 * one a place opens the thread centred on again (thread-places.ts). Read from
 * the rows on screen, not the virtualizer's offsets, which on a busy machine
 * put the middle a message off what it showed. In a gap between rows, the row below.
 */
function middleMessage(list: HTMLElement): string | null {
  const box = list.getBoundingClientRect();
  const middle = box.top + box.height / 2;
  for (const row of list.querySelectorAll<HTMLElement>('.virtual-row')) {
    if (row.getBoundingClientRect().bottom > middle) return row.dataset.key ?? null;
  }
  return null;
}

/**
 * The thread: virtualized and anchored at the bottom. Pages load as the user
 * scrolls near either end of the loaded window, and only then: adding a page
 * keeps the message at the top of the screen where it was, so the view never
 * sits at the edge again by itself. New messages follow only when the user is
 * already at the bottom, otherwise a pill counts them.
 */
export function MessageList() {
  const items = useThread((s) => s.items);
  const hasBefore = useThread((s) => s.hasBefore);
  const hasAfter = useThread((s) => s.hasAfter);
  const firstUnreadId = useThread((s) => s.firstUnreadId);
  const conversation = useThread((s) => s.conversation);
  const scrollTarget = useThread((s) => s.scrollTarget);
  const highlightId = useThread((s) => s.highlightId);
  const loadOlder = useThread((s) => s.loadOlder);
  const loadNewer = useThread((s) => s.loadNewer);
  const markSeen = useThread((s) => s.markSeen);
  const jumpToLatest = useThread((s) => s.jumpToLatest);
  const unseenNew = useThread((s) => s.unseenNew);
  const seenToEnd = useThread((s) => s.seenToEnd);
  const watchViewport = useThread((s) => s.watchViewport);
  const conversationId = useThread((s) => s.conversationId);
  const today = useToday();
  const editingId = useEdits(editingIn(conversationId))?.id ?? null;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(true);

  const rows = useMemo(() => threadRows(items, { firstUnreadId }), [items, firstUnreadId]);
  const isGroup = conversation?.groupId != null;
  const pinnedId = conversation?.pinnedMessageId ?? null;
  const paddingStart = hasBefore ? EDGE_PX : 0;
  const paddingEnd = hasAfter ? EDGE_PX : 0;

  // No React Compiler in this build, so nothing memoizes the virtualizer's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimate(rows[index]),
    // Sizes come from the ResizeObserver, which reports every new row in one batch
    // after the frame's layout and before its paint. Measuring each row as it
    // mounts would force a layout per row, with the scroll corrections between.
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize[0];
      if (box) return Math.round(box.blockSize);
      const index = instance.indexFromElement(element);
      return (
        instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? estimate(rows[index])
      );
    },
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 8,
    initialRect: lastViewport.height > 0 ? lastViewport : { width: 0, height: innerHeight },
    initialOffset: () =>
      initialOffset(rows, scrollTarget, lastViewport.height || innerHeight, {
        start: paddingStart,
        end: paddingEnd,
      }),
    // The loading lines live in the padding, never in a row: the view anchors to the
    // row at its top when pages come and go, and that must be a message.
    paddingStart,
    paddingEnd,
    anchorTo: 'end',
    followOnAppend: !hasAfter,
    scrollEndThreshold: AT_END_PX,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();

  // Before paint, so a fresh target never shows a frame of the old position.
  useLayoutEffect(() => {
    if (!scrollTarget) return;
    if (scrollTarget.kind === 'bottom') {
      virtualizer.scrollToEnd();
      return;
    }
    const index = rows.findIndex((row) => row.key === scrollTarget.id);
    if (index < 0) return;
    const dividerFirst = rows[index]?.startsUnread === true && !scrollTarget.highlight;
    virtualizer.scrollToIndex(index, { align: dividerFirst ? 'start' : 'center' });
    // Only a fresh target scrolls; later row changes must not pull the view back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scrollTarget?.nonce]);

  // A list at its end stays there as its screen shrinks: the composer growing with a draft
  // or an edit, or the window made shorter, took the height from the bottom, over the newest.
  useEffect(() => {
    const list = scrollRef.current;
    if (!list) return;
    let height = list.clientHeight;
    const observer = new ResizeObserver(() => {
      // A shrinking screen moves neither the scroll position nor the content's height.
      const wasAtEnd = list.scrollHeight - list.scrollTop - height <= AT_END_PX;
      const shrunk = list.clientHeight < height;
      height = list.clientHeight;
      if (shrunk && wasAtEnd) virtualizer.scrollToEnd();
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [virtualizer]);

  // The store reads the screen as the thread is left or refreshed, never on a scroll.
  useEffect(() => {
    watchViewport(() => {
      const list = scrollRef.current;
      if (!list) return { centerId: null, atBottom: true };
      return { centerId: middleMessage(list), atBottom: atBottom(list) };
    });
    return () => watchViewport(null);
  }, [watchViewport]);

  // What is on screen: read when the window has the user's eyes.
  useEffect(() => {
    // The rendered rows include those kept ready above and below the screen (overscan).
    const top = scrollRef.current?.scrollTop ?? 0;
    const bottom = top + (scrollRef.current?.clientHeight ?? 0);
    const onScreen = virtualRows
      .filter((v) => v.end > top && v.start < bottom)
      .map((v) => rows[v.index])
      .filter((row): row is ThreadRow => row !== undefined);
    if (atEnd) seenToEnd();
    if (virtualizer.scrollRect) Object.assign(lastViewport, virtualizer.scrollRect);
    const newest = onScreen.findLast((row) => !isLocalId(row.key))?.message;
    if (newest && document.visibilityState === 'visible' && document.hasFocus()) {
      markSeen(newest);
    }
  });

  const onScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    const end = !hasAfter && atBottom(list);
    if (end !== atEnd) setAtEnd(end);
    // Only a scroll fetches a page, so a page that leaves the screen where it was
    // cannot pull in the next one by itself.
    const top = virtualizer.getVirtualItemForOffset(list.scrollTop)?.index ?? 0;
    const bottom =
      virtualizer.getVirtualItemForOffset(list.scrollTop + list.clientHeight)?.index ?? 0;
    if (hasBefore && top < PREFETCH_ROWS) void loadOlder();
    if (hasAfter && bottom >= rows.length - PREFETCH_ROWS) void loadNewer();
  };

  return (
    <div className="message-list-wrap">
      <div
        ref={scrollRef}
        id={MESSAGE_LIST_ID}
        className="message-list"
        role="region"
        aria-label="Messages"
        tabIndex={0}
        onScroll={onScroll}
        onKeyDown={(event) => {
          // The browser's End stops short while rows below are still being measured.
          if (event.key !== 'End' || event.ctrlKey || event.altKey) return;
          event.preventDefault();
          void jumpToLatest();
        }}
      >
        <div className="virtual-space" data-loaded={items.length} style={{ height: totalSize }}>
          {hasBefore && (
            <div className="loading-row" role="status" style={{ top: 0 }}>
              Loading older messages…
            </div>
          )}
          {virtualRows.map((virtualRow) => {
            const row = rows[virtualRow.index];
            if (!row) return null;
            return (
              <div
                key={virtualRow.key}
                ref={virtualizer.measureElement}
                data-index={virtualRow.index}
                data-key={virtualRow.key}
                className="virtual-row"
                style={{ transform: `translateY(${virtualRow.start}px)` }}
              >
                {row.startsDay && (
                  <div
                    className="day-separator"
                    role="separator"
                    aria-label={dayLabel(row.message.createdAt, today)}
                  >
                    <span>{dayLabel(row.message.createdAt, today)}</span>
                  </div>
                )}
                {row.startsUnread && (
                  <div className="unread-divider" role="separator" aria-label="Unread messages">
                    <span>Unread messages</span>
                  </div>
                )}
                <MessageItem
                  message={row.message}
                  startsGroup={row.startsGroup}
                  showSender={isGroup}
                  highlighted={row.key === highlightId}
                  editing={row.key === editingId}
                  pinned={row.key === pinnedId}
                />
              </div>
            );
          })}
          {hasAfter && (
            <div className="loading-row" role="status" style={{ top: totalSize - EDGE_PX }}>
              Loading newer messages…
            </div>
          )}
        </div>
      </div>
      {(!atEnd || hasAfter) && (
        <button
          type="button"
          className={unseenNew > 0 ? 'new-messages-pill' : 'scroll-down-button'}
          aria-label={
            unseenNew > 0 ? plural(unseenNew, 'new message') : 'Scroll to the latest message'
          }
          onClick={() => void jumpToLatest()}
        >
          <Icon name="down" />
          {unseenNew > 0 && <span>{plural(unseenNew, 'new message')}</span>}
        </button>
      )}
    </div>
  );
}
