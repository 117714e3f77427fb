import { create } from 'zustand';
import { keepStored, readStored } from '../lib/window-storage.ts';

const KEY = 'parley.sidebar-width';

/**
 * The conversation list's width in CSS pixels, as the person dragged it. The
 * least keeps a row's name and time readable; the most is a ceiling, and a
 * narrow window lowers it further so the thread keeps `threadLeast` beside
 * the rail.
 */
export const SIDEBAR_WIDTH = { least: 272, most: 560, threadLeast: 360, rail: 64 } as const;

export function boundedWidth(width: number): number {
  return Math.round(Math.min(SIDEBAR_WIDTH.most, Math.max(SIDEBAR_WIDTH.least, width)));
}

/** The widest the list can be in a window this wide. */
export function widestIn(windowWidth: number): number {
  const { least, most, threadLeast, rail } = SIDEBAR_WIDTH;
  return Math.max(least, Math.min(most, windowWidth - rail - threadLeast));
}

/**
 * The grid column for a width the person chose: CSS keeps it within the
 * window as the window is resized, with no script on every resize.
 */
export function sidebarColumn(width: number): string {
  const { least, threadLeast, rail } = SIDEBAR_WIDTH;
  return `clamp(${least}px, ${width}px, calc(100vw - ${rail + threadLeast}px))`;
}

function stored(): number | null {
  const width = Number(readStored(KEY) ?? Number.NaN);
  return Number.isFinite(width) ? boundedWidth(width) : null;
}

interface SidebarWidth {
  /** Null: the width that follows the window's (the default). */
  width: number | null;
  /** While a drag goes on: shown, not kept. */
  preview(width: number): void;
  /** Shown and kept for the next start; null goes back to the default. */
  keep(width: number | null): void;
}

/** Kept in this window's storage: how wide someone likes their list is their habit, not data. */
export const useSidebarWidth = create<SidebarWidth>()((set) => ({
  width: stored(),
  preview: (width) => set({ width: boundedWidth(width) }),
  keep(width) {
    const kept = width === null ? null : boundedWidth(width);
    set({ width: kept });
    keepStored(KEY, kept === null ? null : String(kept));
  },
}));
