/**
 * What closing the window does. macOS keeps the app in the dock, as every
 * Mac app with one window does, and reopens it from there. Windows and Linux
 * keep Parley running in the tray when the setting says so and a tray icon
 * exists to come back through; otherwise closing quits. A quit already under
 * way (the tray's Quit, "Restart to update", logging out) always closes.
 */
export function closeAction(options: {
  platform: NodeJS.Platform;
  closeToTray: boolean;
  trayShown: boolean;
  quitting: boolean;
}): 'hide' | 'close' {
  if (options.quitting) return 'close';
  if (options.platform === 'darwin') return 'hide';
  return options.closeToTray && options.trayShown ? 'hide' : 'close';
}

/** Told once, the first time the window goes to the tray, so nobody thinks Parley quit. */
export const TRAY_HINT = {
  title: 'Parley is still running',
  body: 'New messages still arrive and notify you. Open Parley from its icon in the tray, or quit it from the icon’s menu.',
} as const;

export function trayHintDue(options: { platform: NodeJS.Platform; shownBefore: boolean }): boolean {
  return options.platform !== 'darwin' && !options.shownBefore;
}
