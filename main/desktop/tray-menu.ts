import { isPaused, type PauseChoice } from '../../shared/model/notification-pause.ts';

/** What the tray's menu offers; the shell turns each action into an Electron call. */
export type TrayAction = 'open' | 'quit' | PauseChoice;

export type TrayMenuItem =
  | { kind: 'action'; action: TrayAction; label: string }
  | { kind: 'note'; label: string }
  | { kind: 'separator' };

export interface TrayState {
  unread: number;
  /** When paused notifications resume (ms since the epoch), or null. */
  pausedUntil: number | null;
  now: number;
}

/**
 * Open, pause or resume notifications, quit. While paused, the menu says
 * until when and offers to resume instead of pausing again.
 */
export function trayMenu(state: TrayState, formatTime: (ms: number) => string): TrayMenuItem[] {
  const pause: TrayMenuItem[] = isPaused(state.pausedUntil, state.now)
    ? [
        { kind: 'note', label: `Notifications paused until ${formatTime(state.pausedUntil ?? 0)}` },
        { kind: 'action', action: 'resume', label: 'Resume notifications' },
      ]
    : [
        { kind: 'action', action: 'pause-hour', label: 'Pause notifications for 1 hour' },
        { kind: 'action', action: 'pause-tomorrow', label: 'Pause notifications until tomorrow' },
      ];
  return [
    { kind: 'action', action: 'open', label: 'Open Parley' },
    { kind: 'separator' },
    ...pause,
    { kind: 'separator' },
    { kind: 'action', action: 'quit', label: 'Quit Parley' },
  ];
}

/** The tooltip, which is also what screen readers announce for the tray icon. */
export function trayTooltip(state: TrayState, formatTime: (ms: number) => string): string {
  const parts = ['Parley'];
  if (state.unread > 0) parts.push(`${state.unread} unread`);
  if (isPaused(state.pausedUntil, state.now))
    parts.push(`notifications paused until ${formatTime(state.pausedUntil ?? 0)}`);
  return parts.join(' · ');
}

/** "14:30" today, "Tue 08:00" on another day. */
export function pauseTimeFormatter(now: number, locale?: string): (ms: number) => string {
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const dayAndTime = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const today = new Date(now).toDateString();
  return (ms) => (new Date(ms).toDateString() === today ? time : dayAndTime).format(ms);
}
