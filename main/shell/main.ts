import { app, shell, type BrowserWindow } from 'electron';
import Store from 'electron-store';
import { join } from 'node:path';
import { createCore, type Core } from '../core/create-core.ts';
import { installAppMenu } from './app-menu.ts';
import { registerAppScheme, serveRenderer } from './app-protocol.ts';
import {
  electronNotifier,
  electronStoreKv,
  fileLogger,
  safeStorageVault,
} from './electron-adapters.ts';
import { forwardHostSignals } from './host-signals.ts';
import { connectIpc } from './ipc-bridge.ts';
import { createMainWindow, preloadFile } from './main-window.ts';

/**
 * The Electron shell: builds the core with Electron-backed ports, opens the
 * window, and forwards OS signals. Everything else lives in the core.
 */
const log = fileLogger();
registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  let core: Core | null = null;

  const showWindow = () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };

  app.on('second-instance', showWindow);

  app.whenReady().then(async () => {
    serveRenderer(join(import.meta.dirname, '../renderer'));
    installAppMenu(app.isPackaged);
    const store = new Store({ name: 'parley' });
    core = createCore({
      dataDir: app.getPath('userData'),
      vault: safeStorageVault(store, log),
      preferences: electronStoreKv(store),
      notifier: electronNotifier(showWindow),
      openExternal: (url) => shell.openExternal(url),
      log,
      demo: () => import('../sandbox/embedded-demo.ts').then((module) => module.embeddedDemo),
    });
    // The window opens at once and reads what is local; starting the workspace
    // (the demo sandbox on first run) and syncing follow as events.
    window = createMainWindow(preloadFile(import.meta.dirname));
    const disconnect = connectIpc(core, window);
    window.on('closed', () => {
      disconnect();
      window = null;
    });
    forwardHostSignals(core);
    await core.start();
  });

  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    if (!core) return;
    event.preventDefault();
    const stopping = core;
    core = null;
    void stopping.stop().finally(() => app.quit());
  });
}
