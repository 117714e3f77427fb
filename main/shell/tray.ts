import { Menu, Tray, nativeImage, nativeTheme, type MenuItemConstructorOptions } from 'electron';
import type { Core } from '../core/create-core.ts';
import { trayIconFor } from '../desktop/tray-icons.ts';
import { isPaused, pauseEnd } from '../../shared/model/notification-pause.ts';
import {
  pauseTimeFormatter,
  trayMenu,
  trayTooltip,
  type TrayAction,
  type TrayMenuItem,
} from '../desktop/tray-menu.ts';
import { resourcePath } from './app-resources.ts';

type SettingsService = Core['settings'];

export interface ParleyTray {
  setUnread(count: number): void;
  displayHint(title: string, body: string): boolean;
  destroy(): void;
}

/**
 * The tray icon (Windows and Linux; macOS has the dock): the unread count in
 * its tooltip and a dot on the icon, and a menu to open Parley, pause or
 * resume notifications, and quit. Its menu and icon follow the pause (which
 * ends by itself), the unread count and the system theme.
 */
export function createTray(deps: {
  platform: NodeJS.Platform;
  settings: SettingsService;
  open(): void;
  quit(): void;
  now?: () => number;
}): ParleyTray {
  const now = deps.now ?? Date.now;
  let unread = 0;
  let resumeTimer: ReturnType<typeof setTimeout> | undefined;
  const tray = new Tray(icon());
  tray.on('click', deps.open);

  function icon() {
    const name = trayIconFor({
      platform: deps.platform,
      darkPanel:
        deps.platform === 'win32'
          ? nativeTheme.shouldUseDarkColorsForSystemIntegratedUI
          : nativeTheme.shouldUseDarkColors,
      unread: unread > 0,
    });
    return nativeImage.createFromPath(resourcePath('tray', `${name}.png`));
  }

  function act(action: TrayAction): void {
    if (action === 'open') deps.open();
    else if (action === 'quit') deps.quit();
    else deps.settings.update({ desktop: { notificationsPausedUntil: pauseEnd(action, now()) } });
  }

  function template(item: TrayMenuItem): MenuItemConstructorOptions {
    if (item.kind === 'separator') return { type: 'separator' };
    if (item.kind === 'note') return { label: item.label, enabled: false };
    return { label: item.label, click: () => act(item.action) };
  }

  function refresh(): void {
    const state = {
      unread,
      pausedUntil: deps.settings.get().desktop.notificationsPausedUntil,
      now: now(),
    };
    const format = pauseTimeFormatter(state.now);
    tray.setImage(icon());
    tray.setToolTip(trayTooltip(state, format));
    tray.setContextMenu(Menu.buildFromTemplate(trayMenu(state, format).map(template)));
    clearTimeout(resumeTimer);
    // The menu offers "Resume" only while paused: it changes back when the pause ends.
    if (isPaused(state.pausedUntil, state.now)) {
      resumeTimer = setTimeout(refresh, (state.pausedUntil ?? 0) - state.now + 1_000);
    }
  }

  const stopFollowing = deps.settings.onChange(refresh);
  nativeTheme.on('updated', refresh);
  refresh();

  return {
    setUnread(count) {
      if (count === unread) return;
      unread = count;
      refresh();
    },
    /** Windows shows a balloon from the tray icon itself; elsewhere the caller notifies. */
    displayHint(title, body) {
      if (deps.platform !== 'win32') return false;
      tray.displayBalloon({ title, content: body, iconType: 'info' });
      return true;
    },
    destroy() {
      clearTimeout(resumeTimer);
      stopFollowing();
      nativeTheme.off('updated', refresh);
      tray.destroy();
    },
  };
}
