import type { MessageView } from '../../shared/model/message.ts';

/** The store's order: oldest first, ties broken by id, as the core pages them. */
export function compareMessages(a: MessageView, b: MessageView): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export interface MessageWindow {
  items: MessageView[];
  hasBefore: boolean;
  hasAfter: boolean;
}

/**
 * Lays a freshly fetched contiguous page over the loaded window: inside the
 * page's span the page is the truth (edits, deletions, new messages), outside
 * it the loaded messages stay. An open end (nothing before/after) spans to
 * infinity. The window's ends with more beyond them stay where paging put them.
 */
export function mergeWindow(current: MessageWindow, page: MessageWindow): MessageWindow {
  const fetched = withinLoadedEnds(current, page);
  const first = fetched.items[0];
  const last = fetched.items[fetched.items.length - 1];
  if (!first || !last) {
    if (fetched.hasBefore || fetched.hasAfter) return current;
    return { items: [], hasBefore: false, hasAfter: false };
  }
  const ids = new Set(fetched.items.map((m) => m.id));
  const kept = current.items.filter(
    (m) =>
      !ids.has(m.id) &&
      ((fetched.hasBefore && compareMessages(m, first) < 0) ||
        (fetched.hasAfter && compareMessages(m, last) > 0)),
  );
  const items = [...kept, ...fetched.items].sort(compareMessages);
  return {
    items,
    hasBefore: items[0] === first ? fetched.hasBefore : current.hasBefore,
    hasAfter: items[items.length - 1] === last ? fetched.hasAfter : current.hasAfter,
  };
}

/**
 * The part of a page that does not reach past an end of the window with more
 * beyond it. Only paging moves such an end: a refresh that did so too shifted
 * what the next scroll there reaches, and an older or newer page on its way
 * then no longer adjoined the window and was dropped. A refresh still grows
 * an open end, as new messages arrive at the end of the thread.
 */
function withinLoadedEnds(current: MessageWindow, page: MessageWindow): MessageWindow {
  const oldest = current.items[0];
  const newest = current.items.at(-1);
  if (!oldest || !newest) return page;
  const items = page.items.filter(
    (m) =>
      !(current.hasBefore && compareMessages(m, oldest) < 0) &&
      !(current.hasAfter && compareMessages(m, newest) > 0),
  );
  if (items.length === page.items.length) return page;
  return {
    items,
    hasBefore: page.hasBefore || items[0] !== page.items[0],
    hasAfter: page.hasAfter || items.at(-1) !== page.items.at(-1),
  };
}

/**
 * Keeps at most `max` messages around the one at `focus` (an index), so the
 * renderer holds what is near the screen, not the whole thread. A side that
 * loses messages is marked as having more, to be fetched again by keyset.
 */
export function boundWindow(window: MessageWindow, max: number, focus: number): MessageWindow {
  const { items } = window;
  if (items.length <= max) return window;
  const start = Math.min(Math.max(0, focus - Math.floor(max / 2)), items.length - max);
  return {
    items: items.slice(start, start + max),
    hasBefore: window.hasBefore || start > 0,
    hasAfter: window.hasAfter || start + max < items.length,
  };
}

export function replaceIds(
  items: MessageView[],
  replaced: ReadonlyArray<{ from: string; to: string }>,
): MessageView[] {
  if (replaced.length === 0) return items;
  const map = new Map(replaced.map((r) => [r.from, r.to]));
  return items.map((m) => {
    const to = map.get(m.id);
    return to ? { ...m, id: to } : m;
  });
}
