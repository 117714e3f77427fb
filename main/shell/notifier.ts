import { Notification } from 'electron';
import type { DesktopNotification, NotificationActions, Notifier } from '../core/ports/ports.ts';

/** The one button besides the reply field; macOS shows only the first button next to it. */
const MARK_AS_READ = 0;

/**
 * Desktop notifications through Electron. The core decides what to say and
 * what each answer does; this offers the answers the platform has: inline
 * reply and "Mark as read" on macOS and Windows, a click everywhere. A
 * notification is kept referenced until it is answered or closed (Electron
 * drops the handlers of one that is garbage-collected) and replaced by the
 * next one with its tag, so a chatty conversation shows one, not a stack.
 */
export function electronNotifier(options: {
  platform: NodeJS.Platform;
  showWindow(): void;
  onUnreadCount(count: number): void;
}): Notifier {
  const live = new Map<string, Notification>();
  const actionable = options.platform === 'darwin' || options.platform === 'win32';

  function forget(tag: string, shown: Notification): void {
    if (live.get(tag) === shown) live.delete(tag);
  }

  return {
    notify(notification: DesktopNotification, actions: NotificationActions) {
      if (!Notification.isSupported()) return;
      const offersAnswers = actionable && actions.reply !== undefined;
      const shown = new Notification({
        title: notification.title,
        body: notification.body,
        id: notification.tag,
        ...(offersAnswers && {
          hasReply: true,
          replyPlaceholder: 'Reply…',
          actions: [{ type: 'button', text: 'Mark as read' }],
        }),
      });
      live.get(notification.tag)?.close();
      live.set(notification.tag, shown);
      shown.on('click', () => {
        forget(notification.tag, shown);
        options.showWindow();
        actions.click();
      });
      shown.on('reply', (details: { reply?: string }, legacyReply?: string) => {
        forget(notification.tag, shown);
        const text = details.reply ?? legacyReply ?? '';
        if (text.trim() !== '') actions.reply?.(text);
      });
      shown.on('action', (details: { actionIndex?: number }, legacyIndex?: number) => {
        forget(notification.tag, shown);
        if ((details.actionIndex ?? legacyIndex) === MARK_AS_READ) actions.markRead?.();
      });
      shown.on('close', () => forget(notification.tag, shown));
      shown.show();
    },
    setUnreadCount: options.onUnreadCount,
  };
}
