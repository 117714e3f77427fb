import { app, powerMonitor } from 'electron';
import type { AppUpdater, ProgressInfo, UpdateInfo } from 'electron-updater';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { UpdateState } from '../../shared/model/desktop.ts';
import type { DesktopHost, Logger } from '../core/ports/ports.ts';
import type { Core } from '../core/create-core.ts';
import {
  INITIAL_UPDATE_STATE,
  nextCheckIn,
  nextUpdateState,
  updatesOff,
  type UpdaterEvent,
} from '../desktop/update-policy.ts';

type SettingsService = Core['settings'];

export type Updates = DesktopHost['updates'] & {
  /** Starts checking and follows the setting; before this the updater only answers "idle". */
  start(settings: SettingsService): void;
  stop(): void;
};

/**
 * Automatic updates through electron-updater, from the `publish` feed that
 * electron-builder writes into the package (resources/app-update.yml). When
 * to check and what to tell the user is decided in update-policy.ts; this
 * wires it to the updater: a check soon after start and every six hours,
 * the download in the background, and the restart only when the user asks
 * for it (`autoInstallOnAppQuit` is off, so quitting never installs either).
 * electron-updater (two thirds of a megabyte) is read at the first check, not
 * at launch, and never by a build without a feed.
 */
export function createUpdater(deps: { log: Logger; now?: () => number }): Updates {
  let loading: Promise<AppUpdater> | null = null;
  const updater = () =>
    (loading ??= import('electron-updater').then(({ default: module }) =>
      configure(module.autoUpdater),
    ));
  const now = deps.now ?? Date.now;
  const listeners = new Set<(state: UpdateState) => void>();
  const feedConfigured =
    app.isPackaged && existsSync(join(process.resourcesPath, 'app-update.yml'));
  let settings: SettingsService | null = null;
  const offReason = () =>
    updatesOff({
      packaged: app.isPackaged,
      feedConfigured,
      enabled: settings?.get().desktop.automaticUpdates ?? false,
    });
  let state: UpdateState = INITIAL_UPDATE_STATE;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopFollowing = () => {};

  function dispatch(event: UpdaterEvent): void {
    const next = nextUpdateState(state, event, now());
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener(state);
    schedule();
  }

  function schedule(): void {
    clearTimeout(timer);
    if (settings === null) return;
    const delay = nextCheckIn(state, now());
    if (delay !== null) timer = setTimeout(() => void check(), delay);
  }

  async function check(): Promise<UpdateState> {
    if (settings === null || state.status !== 'idle') return state;
    try {
      await (await updater()).checkForUpdates();
    } catch {
      // Reported through the updater's 'error' event, which the state already shows.
    }
    return state;
  }

  function configure(autoUpdater: AppUpdater): AppUpdater {
    autoUpdater.autoDownload = true;
    autoUpdater.autoInstallOnAppQuit = false;
    autoUpdater.logger = {
      info: (message?: unknown) => deps.log.info(`updater: ${String(message)}`),
      warn: (message?: unknown) => deps.log.warn(`updater: ${String(message)}`),
      error: (message?: unknown) => deps.log.warn(`updater: ${String(message).split('\n', 1)[0]}`),
    };
    autoUpdater.on('checking-for-update', () => dispatch({ type: 'checking' }));
    autoUpdater.on('update-available', (info: UpdateInfo) =>
      dispatch({ type: 'available', version: String(info.version) }),
    );
    autoUpdater.on('update-not-available', () => dispatch({ type: 'not-available' }));
    autoUpdater.on('download-progress', (progress: ProgressInfo) =>
      dispatch({ type: 'progress', percent: progress.percent }),
    );
    autoUpdater.on('update-downloaded', (info: UpdateInfo) =>
      dispatch({ type: 'downloaded', version: String(info.version) }),
    );
    autoUpdater.on('error', (error: Error) => dispatch({ type: 'error', message: error.message }));
    return autoUpdater;
  }

  const followSetting = () => {
    const off = offReason();
    if (off !== null && state.status !== 'off') dispatch({ type: 'off', reason: off });
    else if (off === null && state.status === 'off') dispatch({ type: 'on' });
  };

  return {
    start(service) {
      settings = service;
      stopFollowing = service.onChange(followSetting);
      // A timer does not run while the machine sleeps: after waking, count from the clock.
      powerMonitor.on('resume', schedule);
      followSetting();
      schedule();
    },
    state: () => state,
    check,
    restart() {
      if (state.status !== 'ready') return;
      void updater().then((loaded) => loaded.quitAndInstall(true, true));
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      clearTimeout(timer);
      stopFollowing();
      powerMonitor.off('resume', schedule);
    },
  };
}
