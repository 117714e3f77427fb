import type { ActivityLog } from '../../webhooks/activity-log.ts';
import type { Handlers } from '../router.ts';

/** The activity feed as the receiver stored it; `total` and `unseen` count what the filter matches. */
export function activityHandlers(
  activity: ActivityLog,
): Pick<Handlers, 'activity:list' | 'activity:markSeen'> {
  return {
    'activity:list': async (query) => activity.list(query),
    'activity:markSeen': async ({ ids }) => {
      activity.markSeen(ids);
      return {};
    },
  };
}
