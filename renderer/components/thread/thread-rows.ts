import type { MessageView } from '../../../shared/model/message.ts';
import { dayKey } from '../../lib/format.ts';

// Messages from one sender within this gap read as one block, as in Signal.
const GROUP_GAP_MS = 5 * 60_000;

/**
 * One virtualized row per message. The day separator and the unread divider
 * belong to the message below them, so every row the list can anchor to when
 * pages are added or dropped is a message: a separator that stays first while
 * older messages of its day arrive would hold the view at the top.
 */
export interface ThreadRow {
  key: string;
  message: MessageView;
  /** First loaded message of its local day: a day separator shows above it. */
  startsDay: boolean;
  /** The oldest unread message: the unread divider shows above it. */
  startsUnread: boolean;
  /** First of a run by the same sender: shows the name and avatar. */
  startsGroup: boolean;
}

/** The flat list the thread virtualizes, oldest first. */
export function threadRows(
  items: MessageView[],
  options: { firstUnreadId: string | null },
): ThreadRow[] {
  let previous: MessageView | undefined;
  return items.map((message) => {
    const startsDay = !previous || dayKey(previous.createdAt) !== dayKey(message.createdAt);
    const startsUnread = message.id === options.firstUnreadId;
    const startsGroup =
      startsDay ||
      startsUnread ||
      !previous ||
      previous.sender.id !== message.sender.id ||
      previous.own !== message.own ||
      message.createdAt - previous.createdAt > GROUP_GAP_MS;
    previous = message;
    return { key: message.id, message, startsDay, startsUnread, startsGroup };
  });
}
