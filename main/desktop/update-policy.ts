import { z } from 'zod';
import type { UpdateState } from '../../shared/model/desktop.ts';

export const CHECK_INTERVAL_MS = 6 * 3_600_000;
/** The first check waits for start-up (the first sync, the window) to be done with the network. */
export const FIRST_CHECK_DELAY_MS = 15_000;
const MAX_ERROR_LENGTH = 200;

export type UpdateOffReason = NonNullable<UpdateState['reason']>;

export const INITIAL_UPDATE_STATE: UpdateState = {
  status: 'idle',
  reason: null,
  version: null,
  percent: null,
  lastCheckedAt: null,
  lastError: null,
};

/**
 * Whether this build updates itself: only an installed (packaged) build with
 * an update feed, and only while the user leaves automatic updates on. A
 * development build and the preview never check.
 */
export function updatesOff(options: {
  packaged: boolean;
  feedConfigured: boolean;
  enabled: boolean;
}): UpdateOffReason | null {
  if (!options.packaged) return 'not-installed';
  if (!options.feedConfigured) return 'no-feed';
  if (!options.enabled) return 'turned-off';
  return null;
}

/**
 * Milliseconds until the next check: soon after start, then six hours after
 * the last one. After a sleep longer than that, at once. Nothing while an
 * update downloads or waits for the restart.
 */
export function nextCheckIn(state: UpdateState, now: number): number | null {
  if (state.status !== 'idle') return null;
  if (state.lastCheckedAt === null) return FIRST_CHECK_DELAY_MS;
  return Math.max(0, state.lastCheckedAt + CHECK_INTERVAL_MS - now);
}

/** What electron-updater reports, as plain data. */
export type UpdaterEvent =
  | { type: 'checking' }
  | { type: 'available'; version: string }
  | { type: 'not-available' }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded'; version: string }
  | { type: 'error'; message: string }
  | { type: 'off'; reason: UpdateOffReason }
  | { type: 'on' };

const version = z.string().trim().min(1).max(64);

/**
 * What the user is told. A found update downloads quietly; only a finished
 * download shows ("Restart to update"). A failed check or download is
 * remembered for settings and the log, never raised as a banner: a feed that
 * answers garbage is the publisher's problem, not the user's.
 */
export function nextUpdateState(state: UpdateState, event: UpdaterEvent, now: number): UpdateState {
  switch (event.type) {
    case 'off':
      return {
        ...INITIAL_UPDATE_STATE,
        status: 'off',
        reason: event.reason,
        lastCheckedAt: state.lastCheckedAt,
      };
    case 'on':
      return state.status === 'off'
        ? { ...INITIAL_UPDATE_STATE, lastCheckedAt: state.lastCheckedAt }
        : state;
    case 'checking':
      return state.status === 'idle' ? { ...state, status: 'checking' } : state;
    case 'not-available':
      return { ...INITIAL_UPDATE_STATE, lastCheckedAt: now };
    case 'available': {
      const parsed = version.safeParse(event.version);
      if (!parsed.success) return failed(state, 'the feed named no valid version', now);
      return {
        ...state,
        status: 'downloading',
        version: parsed.data,
        percent: 0,
        lastCheckedAt: now,
        lastError: null,
      };
    }
    case 'progress':
      return state.status === 'downloading'
        ? { ...state, percent: Math.round(Math.min(100, Math.max(0, event.percent))) }
        : state;
    case 'downloaded': {
      const parsed = version.safeParse(event.version);
      return {
        ...state,
        status: 'ready',
        version: parsed.success ? parsed.data : state.version,
        percent: null,
        lastError: null,
      };
    }
    case 'error':
      return failed(state, event.message, now);
  }
}

function failed(state: UpdateState, message: string, now: number): UpdateState {
  const firstLine = message.split('\n', 1)[0]?.trim() || 'unknown error';
  const lastError =
    firstLine.length > MAX_ERROR_LENGTH
      ? `${firstLine.slice(0, MAX_ERROR_LENGTH - 1)}…`
      : firstLine;
  // A download already finished stays offered; a failure after it changes nothing the user can use.
  if (state.status === 'ready') return { ...state, lastError };
  return {
    ...INITIAL_UPDATE_STATE,
    lastCheckedAt: state.status === 'checking' ? now : (state.lastCheckedAt ?? now),
    lastError,
  };
}
