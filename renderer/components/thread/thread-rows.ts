import type { MessageView } from '../../../shared/model/message.ts';
import { dayKey } from '../../lib/format.ts';

// Messages from one sender within this gap read as one block, as in Signal.
const GROUP_GAP_MS = 5 * 60_000;

export type ThreadRow =
  | { kind: 'older'; key: string }
  | { kind: 'newer'; key: string }
  | { kind: 'day'; key: string; at: number }
  | { kind: 'unread'; key: string }
  | {
      kind: 'message';
      key: string;
      message: MessageView;
      /** First of a run by the same sender: shows the name and avatar. */
      startsGroup: boolean;
    };

/** The flat list the thread virtualizes: day separators, the unread divider and messages. */
export function threadRows(
  items: MessageView[],
  options: { firstUnreadId: string | null; hasBefore: boolean; hasAfter: boolean },
): ThreadRow[] {
  const rows: ThreadRow[] = [];
  if (options.hasBefore) rows.push({ kind: 'older', key: 'older' });
  let previous: MessageView | undefined;
  for (const message of items) {
    const day = dayKey(message.createdAt);
    const newDay = !previous || dayKey(previous.createdAt) !== day;
    if (newDay) rows.push({ kind: 'day', key: `day-${day}`, at: message.createdAt });
    const unreadStart = message.id === options.firstUnreadId;
    if (unreadStart) rows.push({ kind: 'unread', key: 'unread' });
    const startsGroup =
      newDay ||
      unreadStart ||
      !previous ||
      previous.sender.id !== message.sender.id ||
      previous.own !== message.own ||
      message.createdAt - previous.createdAt > GROUP_GAP_MS;
    rows.push({ kind: 'message', key: message.id, message, startsGroup });
    previous = message;
  }
  if (options.hasAfter) rows.push({ kind: 'newer', key: 'newer' });
  return rows;
}
