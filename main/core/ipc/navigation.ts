import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { NavigationTarget } from '../../../shared/model/desktop.ts';
import { conversationExists } from '../store/conversation-queries.ts';
import type { Database } from '../store/database.ts';
import type { ActivityLog } from '../webhooks/activity-log.ts';

/**
 * Takes the renderer to a place a link or a notification named, once the
 * place is known here: a link to a conversation this device has never seen
 * gets a clear notice instead of an empty thread.
 */
export function createNavigator(
  db: Database,
  activity: ActivityLog,
  emit: (event: CoreEvent) => void,
) {
  return function navigate(target: NavigationTarget): boolean {
    const missing =
      target.kind === 'conversation' && !conversationExists(db, target.conversationId)
        ? `There is no conversation ${target.conversationId} on this computer.`
        : target.kind === 'order' &&
            activity.list({ orderId: target.orderId, offset: 0, limit: 1 }).total === 0
          ? `No events for order ${target.orderId} have arrived on this computer.`
          : null;
    if (missing !== null) {
      emit({ type: 'notice', level: 'warning', message: missing });
      return false;
    }
    emit({ type: 'navigate', target });
    return true;
  };
}
