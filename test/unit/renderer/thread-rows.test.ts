import { describe, expect, it } from 'vitest';
import { threadRows, type ThreadRow } from '../../../renderer/components/thread/thread-rows.ts';
import { message } from './messages.ts';

const local = (year: number, month: number, day: number, hour: number, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).getTime() / 1000;
const bob = { id: 'bob', username: 'Bob', avatarUrl: null };
const me = { id: 'me', username: 'Me', avatarUrl: null };

const shape = (rows: ThreadRow[]) =>
  rows.flatMap((row) => [
    ...(row.startsDay ? ['day'] : []),
    ...(row.startsUnread ? ['unread'] : []),
    `${row.message.id}${row.startsGroup ? '*' : ''}`,
  ]);
const none = { firstUnreadId: null };

describe('threadRows', () => {
  it('puts a day separator before the first message of each local day', () => {
    const rows = threadRows(
      [
        message('a', local(2025, 6, 17, 22)),
        message('b', local(2025, 6, 17, 22, 1)),
        message('c', local(2025, 6, 18, 0, 1)),
      ],
      none,
    );
    expect(shape(rows)).toEqual(['day', 'a*', 'b', 'day', 'c*']);
  });

  it('groups a run by one sender, and starts a new block after five minutes or another sender', () => {
    const rows = threadRows(
      [
        message('a', local(2025, 6, 18, 10, 0), { sender: bob }),
        message('b', local(2025, 6, 18, 10, 5), { sender: bob }),
        message('c', local(2025, 6, 18, 10, 11), { sender: bob }),
        message('d', local(2025, 6, 18, 10, 12), { sender: me, own: true }),
        message('e', local(2025, 6, 18, 10, 13), { sender: bob }),
      ],
      none,
    );
    expect(shape(rows)).toEqual(['day', 'a*', 'b', 'c*', 'd*', 'e*']);
  });

  it('puts the unread divider before the first unread message, which starts a block', () => {
    const rows = threadRows(
      [message('a', local(2025, 6, 18, 10)), message('b', local(2025, 6, 18, 10, 1))],
      { ...none, firstUnreadId: 'b' },
    );
    expect(shape(rows)).toEqual(['day', 'a*', 'unread', 'b*']);
  });

  it('makes every row a message, so the list anchors to a message when pages come and go', () => {
    const items = Array.from({ length: 300 }, (_, i) =>
      message(`m${i}`, local(2025, 6, 1, 0) + i * 3_600),
    );
    const rows = threadRows(items, { firstUnreadId: 'm150' });
    expect(rows.map((row) => row.key)).toEqual(items.map((m) => m.id));
    expect(rows.filter((row) => row.startsDay)).toHaveLength(13);
    expect(rows.filter((row) => row.startsUnread).map((row) => row.key)).toEqual(['m150']);
  });

  it('shows nothing for an empty thread', () => {
    expect(threadRows([], none)).toEqual([]);
  });
});
