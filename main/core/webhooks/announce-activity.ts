import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { ActivityItem } from '../../../shared/model/activity.ts';
import type { Settings } from '../../../shared/model/settings.ts';
import type { Clock, Logger, Notifier } from '../ports/ports.ts';
import { notifyActivity } from './activity-notifications.ts';

export interface AnnounceDeps {
  emit(event: CoreEvent): void;
  notifier: Notifier;
  getSettings(): Settings;
  clock: Clock;
  log: Logger;
  /** Whether a stored item is news worth a desktop notification; every item is by default. */
  isNews?(item: ActivityItem): boolean;
}

/**
 * What follows storing catalogue events, however they arrived (delivered to
 * the receiver or pulled from a relay): one `activity` event to the window,
 * and desktop notifications for what is news. A failure here is logged: the
 * events are stored, and nothing that follows may undo that.
 */
export function announceActivity(
  deps: AnnounceDeps,
  items: ActivityItem[],
  options: { backlog?: boolean } = {},
): void {
  notifyNews(deps, showActivity(deps, items), options);
}

/** Tells the window about stored items; answers those that are news, for `notifyNews`. */
export function showActivity(deps: AnnounceDeps, items: ActivityItem[]): ActivityItem[] {
  if (items.length === 0) return [];
  try {
    deps.emit({ type: 'activity', items });
    return items.filter((item) => !item.seen && (deps.isNews?.(item) ?? true));
  } catch (error) {
    deps.log.error('activity follow-up failed', { error: String(error) });
    return [];
  }
}

/** Desktop notifications for news: one each, or one summary for many (for a backlog, for two). */
export function notifyNews(
  deps: AnnounceDeps,
  news: ActivityItem[],
  options: { backlog?: boolean } = {},
): void {
  if (news.length === 0) return;
  try {
    notifyActivity(
      news,
      deps.notifier,
      deps.getSettings(),
      deps.clock.now(),
      (target) => deps.emit({ type: 'navigate', target }),
      options,
    );
  } catch (error) {
    deps.log.error('activity notification failed', { error: String(error) });
  }
}
