import { Notification, type BrowserWindow } from 'electron';
import type { KeyValueStore } from '../core/ports/ports.ts';
import type { Core } from '../core/create-core.ts';
import { closeAction, TRAY_HINT, trayHintDue } from '../desktop/close-behaviour.ts';
import type { ParleyTray } from './tray.ts';

type SettingsService = Core['settings'];

const HINT_KEY = 'hints.trayShown';

/**
 * Closing the window hides it (to the tray on Windows and Linux, to the dock
 * on macOS) unless the app is quitting or the user turned that off; polling
 * and the outbox keep running meanwhile. The first time it goes to the tray,
 * the user is told once where Parley went.
 */
export function hideOnClose(deps: {
  window: BrowserWindow;
  platform: NodeJS.Platform;
  settings: SettingsService;
  store: KeyValueStore;
  tray(): ParleyTray | null;
  quitting(): boolean;
}): void {
  deps.window.on('close', (event) => {
    const tray = deps.tray();
    const action = closeAction({
      platform: deps.platform,
      closeToTray: deps.settings.get().desktop.closeToTray,
      trayShown: tray !== null,
      quitting: deps.quitting(),
    });
    if (action === 'close') return;
    event.preventDefault();
    deps.window.hide();
    if (
      !tray ||
      !trayHintDue({ platform: deps.platform, shownBefore: deps.store.get(HINT_KEY) === true })
    ) {
      return;
    }
    deps.store.set(HINT_KEY, true);
    if (!tray.displayHint(TRAY_HINT.title, TRAY_HINT.body) && Notification.isSupported()) {
      new Notification({ title: TRAY_HINT.title, body: TRAY_HINT.body }).show();
    }
  });
}
