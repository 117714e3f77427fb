import { screen, type BrowserWindow } from 'electron';
import type { KeyValueStore, Logger } from '../core/ports/ports.ts';
import { placeWindow, savedWindowState, type WindowPlacement } from '../desktop/window-state.ts';

const KEY = 'window';
const SAVE_DELAY_MS = 500;

/** Work areas of the connected displays, the primary first. */
function workAreas() {
  const primary = screen.getPrimaryDisplay();
  return [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)].map(
    (display) => display.workArea,
  );
}

/** Where the window opens: last run's place, moved onto a display that is still there. */
export function savedPlacement(store: KeyValueStore): WindowPlacement {
  return placeWindow(store.get(KEY), workAreas());
}

/**
 * Keeps the window's normal bounds and its maximised and full-screen state
 * as the user changes them, and moves it back on screen when a display it
 * was on goes away while Parley runs.
 */
export function keepWindowState(
  window: BrowserWindow,
  store: KeyValueStore,
  log: Logger,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    if (window.isDestroyed()) return;
    const bounds = window.getNormalBounds();
    const state = savedWindowState.safeParse({
      ...bounds,
      maximized: window.isMaximized(),
      fullScreen: window.isFullScreen(),
    });
    if (state.success) store.set(KEY, state.data);
    else log.warn('window state not saved', { issue: state.error.issues[0]?.message });
  };
  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  };
  const rescue = () => {
    if (window.isDestroyed() || window.isFullScreen() || window.isMaximized()) return;
    const { bounds } = placeWindow(
      { ...window.getBounds(), maximized: false, fullScreen: false },
      workAreas(),
    );
    window.setBounds(bounds);
  };

  const events = [
    'resize',
    'move',
    'maximize',
    'unmaximize',
    'enter-full-screen',
    'leave-full-screen',
  ] as const;
  for (const event of events) window.on(event as 'resize', saveSoon);
  window.on('close', save);
  screen.on('display-removed', rescue);
  screen.on('display-metrics-changed', rescue);
  return () => {
    clearTimeout(timer);
    screen.off('display-removed', rescue);
    screen.off('display-metrics-changed', rescue);
  };
}

/** Puts the window where `savedPlacement` said, in the mode it was left in. */
export function applyPlacement(window: BrowserWindow, placement: WindowPlacement): void {
  if (placement.maximized) window.maximize();
  if (placement.fullScreen) window.setFullScreen(true);
}
