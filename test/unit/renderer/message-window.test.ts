import { describe, expect, it } from 'vitest';
import {
  boundWindow,
  compareMessages,
  mergeWindow,
  replaceIds,
  type MessageWindow,
} from '../../../renderer/lib/message-window.ts';
import { message } from './messages.ts';

const ids = (window: MessageWindow) => window.items.map((m) => m.id);

/** The user scrolled up: messages 1..10 loaded, older ones still on the server. */
const loaded: MessageWindow = {
  items: Array.from({ length: 10 }, (_, i) => message(`m${String(i + 1).padStart(2, '0')}`, i + 1)),
  hasBefore: true,
  hasAfter: false,
};

describe('mergeWindow: a refreshed newest page laid over the loaded thread', () => {
  it('keeps the older messages the user scrolled to, and adds a new message at the end', () => {
    const fetched: MessageWindow = {
      items: [...loaded.items.slice(6), message('m11', 11)],
      hasBefore: true,
      hasAfter: false,
    };
    const merged = mergeWindow(loaded, fetched);
    expect(ids(merged)).toEqual([...ids(loaded), 'm11']);
    expect(merged.hasBefore).toBe(true);
    expect(merged.hasAfter).toBe(false);
  });

  it('shows an edit and drops a message deleted inside the refreshed span', () => {
    const fetched: MessageWindow = {
      items: [
        message('m07', 7),
        message('m08', 8, { text: 'edited', updatedAt: 20_000 }),
        message('m10', 10),
      ],
      hasBefore: true,
      hasAfter: false,
    };
    const merged = mergeWindow(loaded, fetched);
    expect(ids(merged)).toEqual(['m01', 'm02', 'm03', 'm04', 'm05', 'm06', 'm07', 'm08', 'm10']);
    expect(merged.items.find((m) => m.id === 'm08')?.text).toBe('edited');
  });

  it('drops loaded messages older than a page that reaches the start of the thread', () => {
    const fetched: MessageWindow = {
      items: [message('m05', 5), message('m06', 6)],
      hasBefore: false,
      hasAfter: false,
    };
    const merged = mergeWindow(loaded, fetched);
    expect(ids(merged)).toEqual(['m05', 'm06']);
    expect(merged.hasBefore).toBe(false);
  });

  it('keeps newer loaded messages around a page fetched in the middle', () => {
    const middle: MessageWindow = { ...loaded, hasAfter: true };
    const fetched: MessageWindow = {
      items: [message('m04', 4, { text: 'new text' }), message('m05', 5)],
      hasBefore: true,
      hasAfter: true,
    };
    const merged = mergeWindow(middle, fetched);
    expect(ids(merged)).toEqual(ids(loaded));
    expect(merged.items[3]?.text).toBe('new text');
    expect(merged.hasBefore).toBe(true);
    expect(merged.hasAfter).toBe(true);
  });

  it('leaves the ends with more beyond them to paging, taking only what lies between', () => {
    const short: MessageWindow = {
      items: loaded.items.slice(4, 6),
      hasBefore: true,
      hasAfter: true,
    };
    const fetched: MessageWindow = {
      items: [
        message('m04', 4),
        message('m05', 5, { text: 'edited' }),
        message('m06', 6),
        message('m07', 7),
      ],
      hasBefore: true,
      hasAfter: false,
    };
    const merged = mergeWindow(short, fetched);
    expect(ids(merged)).toEqual(['m05', 'm06']);
    expect(merged.items[0]?.text).toBe('edited');
    expect([merged.hasBefore, merged.hasAfter]).toEqual([true, true]);
  });

  it('takes nothing from a page wholly past an end with more beyond it, leaving no gap', () => {
    const middle: MessageWindow = { ...loaded, hasAfter: true };
    const newest: MessageWindow = {
      items: [message('m20', 20), message('m21', 21)],
      hasBefore: true,
      hasAfter: false,
    };
    expect(mergeWindow(middle, newest)).toBe(middle);
  });

  it('empties the thread when the whole conversation came back empty', () => {
    expect(mergeWindow(loaded, { items: [], hasBefore: false, hasAfter: false })).toEqual({
      items: [],
      hasBefore: false,
      hasAfter: false,
    });
  });

  it('changes nothing for an empty page that is not the whole thread', () => {
    expect(mergeWindow(loaded, { items: [], hasBefore: true, hasAfter: false })).toBe(loaded);
  });

  it('orders messages with the same second by id, as the core pages them', () => {
    const current: MessageWindow = {
      items: [message('a', 1), message('c', 1)],
      hasBefore: true,
      hasAfter: false,
    };
    const merged = mergeWindow(current, {
      items: [message('b', 1), message('c', 1)],
      hasBefore: true,
      hasAfter: false,
    });
    expect(ids(merged)).toEqual(['a', 'b', 'c']);
    expect(compareMessages(message('x', 2), message('a', 3))).toBeLessThan(0);
    expect(compareMessages(message('b', 2), message('a', 2))).toBeGreaterThan(0);
  });
});

describe('replaceIds', () => {
  it('gives a sent message its server id and leaves the others as they were', () => {
    const items = [message('m01', 1), message('local_1', 2, { state: 'pending' })];
    const replaced = replaceIds(items, [{ from: 'local_1', to: 'm02' }]);
    expect(replaced.map((m) => m.id)).toEqual(['m01', 'm02']);
    expect(replaced[0]).toBe(items[0]);
    expect(replaced[1]?.text).toBe('text of local_1');
    expect(items[1]?.id).toBe('local_1');
  });

  it('returns the same list when nothing was replaced', () => {
    const items = [message('m01', 1)];
    expect(replaceIds(items, [])).toBe(items);
  });
});

describe('boundWindow: the thread holds a few pages around the screen, not the whole thread', () => {
  const numbered = (count: number) =>
    Array.from({ length: count }, (_, i) => message(`m${String(i).padStart(3, '0')}`, i));

  it('after an older page, keeps the oldest messages and marks the newest side as fetchable', () => {
    const bounded = boundWindow({ items: numbered(250), hasBefore: true, hasAfter: false }, 200, 0);
    expect(ids(bounded)).toEqual(ids({ items: numbered(200), hasBefore: false, hasAfter: false }));
    expect(bounded.hasBefore).toBe(true);
    expect(bounded.hasAfter).toBe(true);
  });

  it('after a newer page, keeps the newest messages and marks the oldest side as fetchable', () => {
    const items = numbered(250);
    const bounded = boundWindow({ items, hasBefore: false, hasAfter: false }, 200, 249);
    expect(bounded.items[0]?.id).toBe('m050');
    expect(bounded.items.at(-1)?.id).toBe('m249');
    expect(bounded.hasBefore).toBe(true);
    expect(bounded.hasAfter).toBe(false);
  });

  it('around the middle, keeps the message in focus with room on both sides', () => {
    const bounded = boundWindow(
      { items: numbered(400), hasBefore: false, hasAfter: false },
      100,
      200,
    );
    expect(bounded.items[0]?.id).toBe('m150');
    expect(bounded.items.at(-1)?.id).toBe('m249');
    expect([bounded.hasBefore, bounded.hasAfter]).toEqual([true, true]);
  });

  it('leaves a window within the bound as it is', () => {
    const window = { items: numbered(10), hasBefore: true, hasAfter: false };
    expect(boundWindow(window, 200, 0)).toBe(window);
  });
});
