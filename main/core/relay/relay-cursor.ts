import type { Database } from '../store/database.ts';
import { readKey, writeKey } from '../store/meta-keys.ts';
import type { ActivitySource } from '../webhooks/activity-log.ts';
import { relayScope } from './relay-credentials.ts';

/**
 * Where an app stands in a relay's events: the cursor to send as `after`, for
 * the relay it came from (a cursor means nothing to another relay), and when
 * that relay received the newest event pulled so far. One per source, so the
 * user's relay and the demo's keep their own. Kept in `sync_state`: clearing
 * local data forgets it, and the next pull starts from the oldest event the
 * relay keeps, storing only what the activity log does not hold yet.
 */
export interface RelayPosition {
  cursor: string | null;
  lastEventAt: number | null;
}

const key = (source: ActivitySource) => `relay_cursor:${source}`;

/** The position saved for this relay; a fresh start when none was, or it was another relay's. */
export function loadPosition(db: Database, source: ActivitySource, url: string): RelayPosition {
  const stored = readKey(db, 'sync_state', key(source));
  try {
    const value = JSON.parse(stored ?? 'null') as Partial<RelayPosition & { relay: string }> | null;
    if (value?.relay === relayScope(url) && typeof value.cursor === 'string') {
      return {
        cursor: value.cursor,
        lastEventAt: typeof value.lastEventAt === 'number' ? value.lastEventAt : null,
      };
    }
  } catch {
    // An unreadable position is no position: start over, and the log keeps each event once.
  }
  return { cursor: null, lastEventAt: null };
}

/** Call inside the transaction that stores the events it moves past. */
export function savePosition(
  db: Database,
  source: ActivitySource,
  url: string,
  position: RelayPosition,
): void {
  writeKey(db, 'sync_state', key(source), JSON.stringify({ relay: relayScope(url), ...position }));
}

export function forgetPosition(db: Database, source: ActivitySource): void {
  writeKey(db, 'sync_state', key(source), null);
}
