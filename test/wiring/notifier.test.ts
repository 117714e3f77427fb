import { beforeEach, describe, expect, it } from 'vitest';
import type { NotificationActions } from '../../main/core/ports/ports.ts';
import { electronNotifier } from '../../main/shell/notifier.ts';
import { standIn } from '../support/electron-stand-in.ts';

/** Wiring: how the shell shows the core's notifications through Electron, and hands answers back. */
let answered: unknown[][];
let shownWindow: number;
const actions = (): NotificationActions => ({
  click: () => answered.push(['click']),
  reply: (text) => answered.push(['reply', text]),
  markRead: () => answered.push(['markRead']),
});
const message = { title: 'Ava', body: 'are you open?', tag: 'conversation:c_ava' };

beforeEach(() => {
  standIn.reset();
  answered = [];
  shownWindow = 0;
});

function notifier(platform: NodeJS.Platform) {
  return electronNotifier({
    platform,
    showWindow: () => void (shownWindow += 1),
    onUnreadCount: (count) => answered.push(['unread', count]),
  });
}

describe('notification wiring (Electron stand-in)', () => {
  it('offers an inline reply and "Mark as read" on Windows and macOS, and passes the answers back', () => {
    notifier('win32').notify(message, actions());
    const [shown] = standIn.notifications;
    expect(shown?.options).toEqual({
      title: 'Ava',
      body: 'are you open?',
      id: 'conversation:c_ava',
      hasReply: true,
      replyPlaceholder: 'Reply…',
      actions: [{ type: 'button', text: 'Mark as read' }],
    });
    expect(shown?.shown).toBe(true);
    shown?.emit('reply', { reply: 'yes, until six' }, 'yes, until six');
    shown?.emit('action', { actionIndex: 0 }, 0);
    shown?.emit('click');
    expect(answered).toEqual([['reply', 'yes, until six'], ['markRead'], ['click']]);
    expect(shownWindow).toBe(1);
  });

  it('ignores an empty reply', () => {
    notifier('darwin').notify(message, actions());
    standIn.notifications[0]?.emit('reply', { reply: '   ' });
    expect(answered).toEqual([]);
  });

  it('offers only the click on Linux, where notifications have no reply field', () => {
    notifier('linux').notify(message, actions());
    expect(standIn.notifications[0]?.options).toEqual({
      title: 'Ava',
      body: 'are you open?',
      id: 'conversation:c_ava',
    });
  });

  it('replaces the previous notification of the same conversation', () => {
    const shell = notifier('linux');
    shell.notify(message, actions());
    shell.notify({ ...message, body: 'hello?' }, actions());
    shell.notify({ ...message, tag: 'conversation:c_ben' }, actions());
    expect(standIn.notifications.map((shown) => shown.closed)).toEqual([true, false, false]);
  });

  it('passes the unread count on to the badge and the tray', () => {
    notifier('linux').setUnreadCount(7);
    expect(answered).toEqual([['unread', 7]]);
  });
});
