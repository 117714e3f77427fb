import { BrowserWindow } from 'electron';
import { join } from 'node:path';
import { MINIMUM_SIZE, type WindowPlacement } from '../desktop/window-state.ts';
import { APP_ORIGIN } from './app-protocol.ts';
import { resourcePath } from './app-resources.ts';

/**
 * The one window, where it was last left. Every webPreferences value that
 * matters for security is set explicitly, even where it is Electron's
 * default, so a reader sees them all; a packaged build has no developer
 * tools at all. It opens hidden: the caller shows it when ready, or leaves
 * it in the tray after a start at login.
 */
export function createMainWindow(options: {
  preloadPath: string;
  placement: WindowPlacement;
  packaged: boolean;
}): BrowserWindow {
  const window = new BrowserWindow({
    ...options.placement.bounds,
    minWidth: MINIMUM_SIZE.width,
    minHeight: MINIMUM_SIZE.height,
    show: false,
    title: 'Parley',
    // Linux shows this in the window switcher; macOS and Windows take the app's own icon.
    ...(process.platform === 'linux' && { icon: resourcePath('icons', '256x256.png') }),
    webPreferences: {
      preload: options.preloadPath,
      devTools: !options.packaged,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
      // Middle-click would otherwise open links in a new window, past the window-open handler.
      disableBlinkFeatures: 'Auxclick',
    },
  });

  window.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.session.setPermissionRequestHandler((_contents, permission, grant) =>
    grant(permission === 'notifications'),
  );
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

export const preloadFile = (dir: string) => join(dir, 'preload.cjs');
