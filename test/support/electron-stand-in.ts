import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { request as httpsRequest } from 'node:https';
import { createRequire } from 'node:module';

/**
 * A recorded stand-in for the `electron` module, for the shell's wiring
 * tests: Electron's binary cannot run here. It keeps what the shell asked of
 * Electron (windows, trays, menus, notifications, registrations) so a test
 * can read it back and act as Electron would (click a menu item, fire an
 * event). It decides nothing and draws nothing; what the shell decides lives
 * in main/desktop and is unit-tested there. vitest.config.ts aliases
 * `electron` to this file; CommonJS packages that require it (electron-updater)
 * get it through Node's require cache, primed at the bottom.
 *
 * `net.request` is real HTTPS through Node, trusting `standIn.trustedCa`, so
 * electron-updater's own code runs against a real feed.
 */

export interface Call {
  api: string;
  args: unknown[];
}

interface Display {
  id: number;
  workArea: { x: number; y: number; width: number; height: number };
}

export const standIn = {
  calls: [] as Call[],
  packaged: false,
  version: '0.1.0',
  appPath: '/opt/parley-dev',
  userData: '/tmp/parley-stand-in',
  displays: [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] as Display[],
  preferredLanguages: ['en-GB'],
  availableSpellCheckerLanguages: ['de', 'en-GB', 'en-US', 'fr'],
  trustedCa: null as string | null,
  windows: [] as BrowserWindow[],
  trays: [] as Tray[],
  notifications: [] as Notification[],
  menus: [] as RecordedMenu[],
  /** Calls to one API, by name ("app.setBadgeCount"). */
  callsTo(api: string): unknown[][] {
    return this.calls.filter((call) => call.api === api).map((call) => call.args);
  },
  reset(): void {
    this.calls.length = 0;
    this.windows.length = 0;
    this.trays.length = 0;
    this.notifications.length = 0;
    this.menus.length = 0;
    this.packaged = false;
    this.version = '0.1.0';
    this.trustedCa = null;
    this.displays = [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }];
    for (const emitter of [app, screen, nativeTheme, powerMonitor]) emitter.removeAllListeners();
    nativeTheme.shouldUseDarkColors = false;
    nativeTheme.shouldUseDarkColorsForSystemIntegratedUI = false;
  },
};

const record = (api: string, ...args: unknown[]) => void standIn.calls.push({ api, args });

class RecordedApp extends EventEmitter {
  get isPackaged() {
    return standIn.packaged;
  }
  getVersion = () => standIn.version;
  getName = () => 'Parley';
  getAppPath = () => standIn.appPath;
  getPath = (name: string) => (name === 'userData' ? standIn.userData : `/tmp/${name}`);
  getPreferredSystemLanguages = () => standIn.preferredLanguages;
  getLoginItemSettings = () => ({ openAtLogin: false, wasOpenedAtLogin: false });
  whenReady = () => Promise.resolve();
  requestSingleInstanceLock = () => true;
  quit = () => record('app.quit');
  relaunch = () => record('app.relaunch');
  setBadgeCount = (count: number) => (record('app.setBadgeCount', count), true);
  setLoginItemSettings = (settings: unknown) => record('app.setLoginItemSettings', settings);
  setAsDefaultProtocolClient = (...args: unknown[]) => (
    record('app.setAsDefaultProtocolClient', ...args),
    true
  );
  setAppUserModelId = (id: string) => record('app.setAppUserModelId', id);
}
export const app = new RecordedApp();

export class RecordedMenu {
  readonly items: Record<string, unknown>[];
  constructor(template: Record<string, unknown>[]) {
    this.items = template;
    standIn.menus.push(this);
  }
  get labels(): string[] {
    return this.items.map((item) =>
      item.type === 'separator' ? '—' : String(item.label ?? item.role),
    );
  }
  /** What a person does: click the item with that label. */
  click(label: string): void {
    const item = this.items.find((candidate) => candidate.label === label);
    if (!item || typeof item.click !== 'function') throw new Error(`no clickable item ${label}`);
    item.click();
  }
  popup(options: unknown): void {
    record('menu.popup', options);
  }
}

export const Menu = {
  buildFromTemplate: (template: Record<string, unknown>[]) => new RecordedMenu(template),
  setApplicationMenu: (menu: unknown) => record('Menu.setApplicationMenu', menu),
};

export const nativeImage = {
  createFromPath: (path: string) => ({ path }),
};

export const nativeTheme = Object.assign(new EventEmitter(), {
  shouldUseDarkColors: false,
  shouldUseDarkColorsForSystemIntegratedUI: false,
});

export const powerMonitor = new EventEmitter();

export const screen = Object.assign(new EventEmitter(), {
  getPrimaryDisplay: () => standIn.displays[0],
  getAllDisplays: () => standIn.displays,
});

export class Tray extends EventEmitter {
  image: unknown;
  toolTip = '';
  menu: RecordedMenu | null = null;
  destroyed = false;
  constructor(image: unknown) {
    super();
    this.image = image;
    standIn.trays.push(this);
  }
  setImage(image: unknown): void {
    this.image = image;
  }
  setToolTip(text: string): void {
    this.toolTip = text;
  }
  setContextMenu(menu: RecordedMenu): void {
    this.menu = menu;
  }
  displayBalloon(options: unknown): void {
    record('tray.displayBalloon', options);
  }
  destroy(): void {
    this.destroyed = true;
  }
}

export class Notification extends EventEmitter {
  static isSupported = () => true;
  readonly options: Record<string, unknown>;
  shown = false;
  closed = false;
  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    standIn.notifications.push(this);
  }
  show(): void {
    this.shown = true;
  }
  close(): void {
    this.closed = true;
    this.emit('close', {});
  }
}

export const session = {
  defaultSession: {
    get availableSpellCheckerLanguages() {
      return standIn.availableSpellCheckerLanguages;
    },
    setSpellCheckerLanguages: (languages: string[]) =>
      record('session.setSpellCheckerLanguages', languages),
    addWordToSpellCheckerDictionary: (word: string) => (
      record('session.addWordToSpellCheckerDictionary', word),
      true
    ),
  },
  fromPartition: () => ({}),
};

let nextId = 1;

class WebContents extends EventEmitter {
  readonly id = nextId++;
  readonly session = Object.assign(Object.create(session.defaultSession), {
    setPermissionRequestHandler: (handler: unknown) =>
      record('session.setPermissionRequestHandler', handler),
  }) as typeof session.defaultSession;
  windowOpenHandler: (() => unknown) | null = null;
  loadedUrl: string | null = null;
  replaceMisspelling(word: string): void {
    record('webContents.replaceMisspelling', word);
  }
  setWindowOpenHandler(handler: () => unknown): void {
    this.windowOpenHandler = handler;
  }
}

export class BrowserWindow extends EventEmitter {
  readonly id = nextId++;
  readonly options: Record<string, unknown>;
  readonly webContents = new WebContents();
  bounds: { x: number; y: number; width: number; height: number };
  visible = false;
  maximized = false;
  fullScreen = false;
  destroyed = false;
  overlay: { image: unknown; description: string } | null = null;
  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    this.bounds = {
      x: Number(options.x ?? 0),
      y: Number(options.y ?? 0),
      width: Number(options.width ?? 800),
      height: Number(options.height ?? 600),
    };
    standIn.windows.push(this);
  }
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {}
  restore(): void {}
  isMinimized = () => false;
  isDestroyed = () => this.destroyed;
  isVisible = () => this.visible;
  isMaximized = () => this.maximized;
  isFullScreen = () => this.fullScreen;
  maximize(): void {
    this.maximized = true;
    this.visible = true;
  }
  setFullScreen(value: boolean): void {
    this.fullScreen = value;
  }
  getBounds = () => ({ ...this.bounds });
  getNormalBounds = () => ({ ...this.bounds });
  setBounds(bounds: Partial<BrowserWindow['bounds']>): void {
    this.bounds = { ...this.bounds, ...bounds };
  }
  async loadURL(url: string): Promise<void> {
    this.webContents.loadedUrl = url;
  }
  setOverlayIcon(image: unknown, description: string): void {
    this.overlay = image === null ? null : { image, description };
  }
  /** What a person does: click the window's close button. */
  close(): void {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) {
      this.destroyed = true;
      this.emit('closed');
    }
  }
}

/** Electron's net.request, as Node HTTPS; enough of ClientRequest for electron-updater. */
export const net = {
  isOnline: () => true,
  request(options: Record<string, unknown>) {
    const { session: _session, redirect: _redirect, ...rest } = options;
    return httpsRequest({ ...rest, ...(standIn.trustedCa && { ca: standIn.trustedCa }) });
  },
};

export const autoUpdater = new EventEmitter();
export const shell = { openExternal: async (url: string) => record('shell.openExternal', url) };
export const safeStorage = {
  isEncryptionAvailable: () => false,
  getSelectedStorageBackend: () => 'basic_text',
};

/**
 * `utilityProcess.fork` as a real Node child process whose code sees Electron's
 * `process.parentPort` (utility-parent-port.mjs), so a utility process's entry
 * runs as it would in the app.
 */
export class UtilityProcess extends EventEmitter {
  private readonly child;
  private running = false;
  constructor(modulePath: string, args: string[], options: Record<string, unknown>) {
    super();
    record('utilityProcess.fork', modulePath, args, options);
    this.child = fork(modulePath, args, {
      execArgv: ['--import', new URL('./utility-parent-port.mjs', import.meta.url).href],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.once('spawn', () => (this.running = true));
    this.child.on('message', (message) => this.emit('message', message));
    this.child.once('exit', (code, signal) => {
      this.running = false;
      this.emit('exit', code ?? (signal ? 1 : 0));
    });
  }
  /** As Electron's: set once the process has spawned, cleared once it has exited. */
  get pid(): number | undefined {
    return this.running ? this.child.pid : undefined;
  }
  postMessage(message: unknown): void {
    if (this.child.connected) this.child.send(message as object);
  }
  kill(): boolean {
    return this.child.kill();
  }
}

export const utilityProcess = {
  fork: (modulePath: string, args: string[] = [], options: Record<string, unknown> = {}) =>
    new UtilityProcess(modulePath, args, options),
};

const electron = {
  app,
  autoUpdater,
  BrowserWindow,
  Menu,
  nativeImage,
  nativeTheme,
  net,
  Notification,
  powerMonitor,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
  utilityProcess,
};
export default electron;

const require = createRequire(import.meta.url);
const electronPath = require.resolve('electron');
require.cache[electronPath] = {
  id: electronPath,
  filename: electronPath,
  loaded: true,
  exports: electron,
} as unknown as NodeJS.Module;
