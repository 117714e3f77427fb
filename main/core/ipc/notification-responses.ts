import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { NavigationTarget } from '../../../shared/model/desktop.ts';
import type { Logger } from '../ports/ports.ts';
import type { NotificationResponses } from '../sync/incoming-notifications.ts';
import type { IpcRouter } from './router.ts';

const QUOTED_REPLY_LENGTH = 300;

/**
 * A notification's answers are user actions like any other, so they take the
 * same road: the router validates them and hands them to whichever engine is
 * current (an inline reply goes through the outbox, "Mark as read" moves the
 * read marker). A reply that cannot be sent is kept as the conversation's
 * draft, or quoted back in the notice when even that fails: it is never lost.
 */
export function notificationResponses(deps: {
  router(): IpcRouter;
  navigate(target: NavigationTarget): void;
  emit(event: CoreEvent): void;
  log: Logger;
}): NotificationResponses {
  const act = async (channel: string, request: unknown): Promise<string | null> => {
    const result = await deps.router().handle(channel, request);
    if (result.ok) return null;
    deps.log.warn('notification action failed', { channel, code: result.error.code });
    return result.error.message;
  };
  const warn = (message: string) => deps.emit({ type: 'notice', level: 'warning', message });

  return {
    open(target) {
      if (target) deps.navigate(target);
    },
    reply(conversationId, text) {
      void (async () => {
        const failed = await act('messages:send', { conversationId, text, attachments: [] });
        if (failed === null) {
          await act('conversations:markRead', { conversationId });
          return;
        }
        const kept = (await act('drafts:set', { conversationId, text })) === null;
        warn(
          kept
            ? `Your reply was not sent (${failed}); it is in the conversation's composer.`
            : `Your reply was not sent (${failed}): “${text.slice(0, QUOTED_REPLY_LENGTH)}”`,
        );
      })();
    },
    markRead(conversationId) {
      void act('conversations:markRead', { conversationId }).then((failed) => {
        if (failed !== null) warn(`Could not mark the conversation as read: ${failed}`);
      });
    },
  };
}
