import { describe, expect, it } from 'vitest';
import { threadRows, type ThreadRow } from '../../../renderer/components/thread/thread-rows.ts';
import { message } from './messages.ts';

const local = (year: number, month: number, day: number, hour: number, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).getTime() / 1000;
const bob = { id: 'bob', username: 'Bob', avatarUrl: null };
const me = { id: 'me', username: 'Me', avatarUrl: null };

const shape = (rows: ThreadRow[]) =>
  rows.map((row) =>
    row.kind === 'message' ? `${row.message.id}${row.startsGroup ? '*' : ''}` : row.kind,
  );
const none = { firstUnreadId: null, hasBefore: false, hasAfter: false };

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

  it('marks where older and newer messages can still be loaded', () => {
    const rows = threadRows([message('a', local(2025, 6, 18, 10))], {
      firstUnreadId: null,
      hasBefore: true,
      hasAfter: true,
    });
    expect(shape(rows)).toEqual(['older', 'day', 'a*', 'newer']);
  });

  it('gives every row a distinct key, so the virtualized list never stacks two rows', () => {
    const items = Array.from({ length: 300 }, (_, i) =>
      message(`m${i}`, local(2025, 6, 1, 0) + i * 3_600),
    );
    const rows = threadRows(items, { firstUnreadId: 'm150', hasBefore: true, hasAfter: true });
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
    expect(rows.filter((row) => row.kind === 'day')).toHaveLength(13);
  });

  it('shows nothing for an empty thread', () => {
    expect(threadRows([], none)).toEqual([]);
  });
});
