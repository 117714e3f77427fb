import { app, dialog, shell, type BrowserWindow } from 'electron';
import Store from 'electron-store';
import { join } from 'node:path';
import type { NavigationTarget } from '../../shared/model/desktop.ts';
import { createCore, type Core } from '../core/create-core.ts';
import { launchHidden } from '../desktop/autostart.ts';
import { installAppMenu } from './app-menu.ts';
import { registerAppScheme, serveRenderer } from './app-protocol.ts';
import { applyStartAtLogin } from './autostart.ts';
import { createBadge } from './badge.ts';
import { launchUtilityProcess } from './demo-process.ts';
import { registerDeepLinks } from './deep-links.ts';
import { electronDesktopHost } from './desktop-host.ts';
import { electronStoreKv, fileLogger, safeStorageVault } from './electron-adapters.ts';
import { forwardHostSignals } from './host-signals.ts';
import { connectIpc } from './ipc-bridge.ts';
import { createMainWindow, preloadFile } from './main-window.ts';
import { electronNotifier } from './notifier.ts';
import { installSpellcheck } from './spellcheck-menu.ts';
import { createTray, type ParleyTray } from './tray.ts';
import { createUpdater } from './updater.ts';
import { hideOnClose } from './window-lifecycle.ts';
import { applyPlacement, keepWindowState, savedPlacement } from './window-state.ts';

/**
 * The Electron shell: builds the core with Electron-backed ports, opens the
 * window, and wires the desktop around it (tray, badge, notifications, deep
 * links, spell check, start at login, updates). Each of those is a file of
 * Electron calls; what they decide lives in main/desktop and the core.
 */
const log = fileLogger();
const platform = process.platform;
registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  let core: Core | null = null;
  let tray: ParleyTray | null = null;
  let placed = true;
  let quitting = false;
  let placement = { bounds: { width: 0, height: 0 }, maximized: false, fullScreen: false };
  // Events sent before the page subscribes are lost: links wait for it.
  const rendererReady = Promise.withResolvers<Core>();
  const updates = createUpdater({ log });
  const badge = createBadge(platform, () => window);

  const showWindow = () => {
    if (!window) return;
    if (!placed) {
      placed = true;
      applyPlacement(window, placement);
    }
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  const open = (target: NavigationTarget) =>
    void rendererReady.promise.then((ready) => {
      showWindow();
      ready.navigate(target);
    });
  const links = registerDeepLinks({
    log,
    open,
    refuse: (message) =>
      void rendererReady.promise.then((ready) => ready.notice('warning', message)),
  });

  app.on('second-instance', (_event, argv) => {
    showWindow();
    links.openFromArgv(argv);
  });
  app.on('activate', showWindow);
  app.on('before-quit', () => {
    quitting = true;
  });

  app.whenReady().then(async () => {
    serveRenderer(join(import.meta.dirname, '../renderer'), async (url) =>
      core ? core.remoteImages.load(url) : { ok: false, status: 404, reason: 'not started' },
    );
    installAppMenu(app.isPackaged, () => open({ kind: 'shortcuts' }));
    // Notifications and the badge are matched to the installed shortcut (Windows) or desktop entry (Linux).
    if (platform === 'win32') app.setAppUserModelId('dev.parley.desktop');
    if (platform === 'linux') app.setDesktopName('parley.desktop');
    const store = new Store({ name: 'parley', configFileMode: 0o600 });
    const kv = electronStoreKv(store);
    let ready: Core;
    try {
      ready = createCore({
        dataDir: app.getPath('userData'),
        vault: safeStorageVault(store, log),
        preferences: kv,
        notifier: electronNotifier({
          platform,
          showWindow,
          onUnreadCount(count) {
            badge.show(count);
            tray?.setUnread(count);
          },
        }),
        desktop: electronDesktopHost(platform, updates),
        openExternal: (url) => shell.openExternal(url),
        log,
        demo: () =>
          import('../sandbox/demo-process/forked-demo.ts').then((module) =>
            module.forkedDemo(launchUtilityProcess),
          ),
      });
    } catch (error) {
      // Local data this build cannot open (a newer Parley wrote it): say so, and leave it as it is.
      dialog.showErrorBox('Parley cannot open its data', (error as Error).message);
      app.exit(1);
      return;
    }
    core = ready;
    updates.start(ready.settings);

    const { desktop } = ready.settings.get();
    const hidden = launchHidden({
      argv: process.argv,
      setting: desktop.startAtLogin,
      openedAtLogin: platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin,
    });
    if (platform !== 'darwin') {
      tray = createTray({
        platform,
        settings: ready.settings,
        open: showWindow,
        quit: () => app.quit(),
      });
    }
    const autostart = {
      platform,
      log,
      report: (message: string) => ready.notice('warning', message),
    };
    let startAtLogin = desktop.startAtLogin;
    void applyStartAtLogin(startAtLogin, autostart);
    ready.settings.onChange((settings) => {
      if (settings.desktop.startAtLogin === startAtLogin) return;
      startAtLogin = settings.desktop.startAtLogin;
      void applyStartAtLogin(startAtLogin, autostart);
    });

    // The window opens at once and reads what is local; starting the workspace
    // (the demo sandbox on first run) and syncing follow as events.
    placement = savedPlacement(kv);
    placed = false;
    const opened = createMainWindow({
      preloadPath: preloadFile(import.meta.dirname),
      placement,
      packaged: app.isPackaged,
    });
    window = opened;
    if (!hidden) opened.once('ready-to-show', showWindow);
    const stopKeeping = keepWindowState(opened, kv, log);
    const disconnect = connectIpc(ready, opened);
    const stopSpellcheck = installSpellcheck(opened, ready.settings);
    hideOnClose({
      window: opened,
      platform,
      settings: ready.settings,
      store: kv,
      tray: () => tray,
      quitting: () => quitting,
    });
    opened.webContents.once('did-finish-load', () => rendererReady.resolve(ready));
    opened.on('closed', () => {
      stopKeeping();
      stopSpellcheck();
      disconnect();
      window = null;
    });
    forwardHostSignals(ready);
    links.openFromArgv(process.argv);
    await ready.start();
  });

  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    tray?.destroy();
    tray = null;
    updates.stop();
    if (!core) return;
    event.preventDefault();
    const stopping = core;
    core = null;
    void stopping.stop().finally(() => app.quit());
  });
}
