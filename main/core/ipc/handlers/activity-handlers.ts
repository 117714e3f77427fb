import type { ActivityStore } from '../../webhooks/activity-store.ts';
import type { Handlers } from '../router.ts';

/** The activity feed as the receiver stored it; `total` and `unseen` count what the filter matches. */
export function activityHandlers(
  store: ActivityStore,
): Pick<Handlers, 'activity:list' | 'activity:markSeen'> {
  return {
    'activity:list': async (query) => store.list(query),
    'activity:markSeen': async ({ ids }) => {
      store.markSeen(ids);
      return {};
    },
  };
}
