import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow } from 'electron';
import { silentLogger } from '../../main/core/ports/node-adapters.ts';
import { createSettingsService } from '../../main/core/settings/settings-service.ts';
import { TRAY_HINT } from '../../main/desktop/close-behaviour.ts';
import { createMainWindow } from '../../main/shell/main-window.ts';
import type { ParleyTray } from '../../main/shell/tray.ts';
import { hideOnClose } from '../../main/shell/window-lifecycle.ts';
import { applyPlacement, keepWindowState, savedPlacement } from '../../main/shell/window-state.ts';
import {
  screen,
  standIn,
  type BrowserWindow as RecordedWindow,
} from '../support/electron-stand-in.ts';
import { memoryKeyValueStore } from '../support/memory-store.ts';

/** Wiring: the window's options, where it opens, and what closing it does. */
const laptop = { id: 1, workArea: { x: 0, y: 0, width: 1440, height: 875 } };
const monitor = { id: 2, workArea: { x: 1440, y: 0, width: 2560, height: 1440 } };

function open(
  options: { packaged?: boolean; store?: ReturnType<typeof memoryKeyValueStore> } = {},
) {
  const store = options.store ?? memoryKeyValueStore();
  const placement = savedPlacement(store);
  const window = createMainWindow({
    preloadPath: '/app/preload.cjs',
    placement,
    packaged: options.packaged ?? true,
  });
  applyPlacement(window, placement);
  const recorded = window as unknown as RecordedWindow;
  return { window, recorded, store };
}

beforeEach(() => {
  standIn.reset();
  standIn.displays = [laptop, monitor];
});
afterEach(() => vi.useRealTimers());

describe('main window wiring (Electron stand-in)', () => {
  it('is isolated and sandboxed, with developer tools only in development builds', () => {
    const packaged = open({ packaged: true }).recorded.options.webPreferences;
    expect(packaged).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false,
    });
    expect(open({ packaged: false }).recorded.options.webPreferences).toMatchObject({
      devTools: true,
    });
  });

  it('reopens where it was left, maximised as it was', () => {
    const store = memoryKeyValueStore({
      window: { x: 1600, y: 100, width: 1200, height: 900, maximized: true, fullScreen: false },
    });
    const { recorded } = open({ store });
    expect(recorded.options).toMatchObject({ x: 1600, y: 100, width: 1200, height: 900 });
    expect(recorded.maximized).toBe(true);
  });

  it('opens on the laptop when the monitor it was left on is gone', () => {
    const store = memoryKeyValueStore({
      window: { x: 1600, y: 100, width: 1200, height: 900, maximized: false, fullScreen: false },
    });
    standIn.displays = [laptop];
    expect(open({ store }).recorded.options).toMatchObject({
      x: 240,
      y: 0,
      width: 1200,
      height: 875,
    });
  });

  it('keeps the bounds as the user moves the window, and rescues it when a display goes away', () => {
    vi.useFakeTimers();
    const { window, recorded, store } = open();
    const stop = keepWindowState(window, store, silentLogger);
    recorded.setBounds({ x: 2000, y: 200, width: 1000, height: 700 });
    recorded.emit('move');
    vi.advanceTimersByTime(600);
    expect(store.values.get('window')).toEqual({
      x: 2000,
      y: 200,
      width: 1000,
      height: 700,
      maximized: false,
      fullScreen: false,
    });

    standIn.displays = [laptop];
    screen.emit('display-removed');
    expect(recorded.bounds).toEqual({ x: 440, y: 175, width: 1000, height: 700 });
    stop();
  });
});

describe('closing the window (Electron stand-in)', () => {
  let hints: string[];
  const tray = (balloon: boolean): ParleyTray => ({
    setUnread() {},
    destroy() {},
    displayHint: (title) => (hints.push(`balloon: ${title}`), balloon),
  });

  function closable(
    platform: NodeJS.Platform,
    options: { tray: ParleyTray | null; quitting?: boolean },
  ) {
    const { window, recorded, store } = open();
    recorded.show();
    hideOnClose({
      window: window as BrowserWindow,
      platform,
      settings: createSettingsService(store, silentLogger),
      store,
      tray: () => options.tray,
      quitting: () => options.quitting ?? false,
    });
    return { recorded, store };
  }

  beforeEach(() => {
    hints = [];
  });

  it('hides to the tray on Linux, saying once where Parley went', () => {
    const { recorded } = closable('linux', { tray: tray(false) });
    recorded.close();
    expect([recorded.visible, recorded.destroyed]).toEqual([false, false]);
    recorded.show();
    recorded.close();
    expect(hints).toEqual([`balloon: ${TRAY_HINT.title}`]);
    expect(standIn.notifications.map((shown) => shown.options)).toEqual([
      { title: TRAY_HINT.title, body: TRAY_HINT.body },
    ]);
  });

  it('says it with a balloon from the tray icon on Windows', () => {
    closable('win32', { tray: tray(true) }).recorded.close();
    expect(hints).toEqual([`balloon: ${TRAY_HINT.title}`]);
    expect(standIn.notifications).toEqual([]);
  });

  it('closes when quitting, or without a tray', () => {
    const quitting = closable('linux', { tray: tray(false), quitting: true }).recorded;
    quitting.close();
    const trayless = closable('linux', { tray: null }).recorded;
    trayless.close();
    expect([quitting.destroyed, trayless.destroyed]).toEqual([true, true]);
    expect(hints).toEqual([]);
  });
});
