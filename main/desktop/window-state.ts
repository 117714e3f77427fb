import { z } from 'zod';

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

const coordinate = z.number().int().min(-100_000).max(100_000);
const length = z.number().int().min(1).max(100_000);

/** What is kept between runs: the normal (not maximised) bounds and the two modes. */
export const savedWindowState = z.object({
  x: coordinate,
  y: coordinate,
  width: length,
  height: length,
  maximized: z.boolean(),
  fullScreen: z.boolean(),
});
export type SavedWindowState = z.infer<typeof savedWindowState>;

export interface WindowPlacement {
  /** No x/y: let the OS centre the window on the primary display. */
  bounds: Partial<Rectangle> & { width: number; height: number };
  maximized: boolean;
  fullScreen: boolean;
}

export const DEFAULT_SIZE = { width: 1200, height: 800 };
export const MINIMUM_SIZE = { width: 720, height: 480 };
/** How much of the window must show on a display for it to count as on that display. */
const MIN_VISIBLE = { width: 160, height: 80 };

/**
 * Where the window opens. A saved state that does not parse opens the
 * default; one whose display is gone (a monitor unplugged, a laptop off its
 * dock) moves to the display it overlaps most, or the primary one, and every
 * window is shrunk and moved to fit inside that display's work area.
 * `displays` are work areas, the primary first.
 */
export function placeWindow(saved: unknown, displays: readonly Rectangle[]): WindowPlacement {
  const parsed = savedWindowState.safeParse(saved);
  const primary = displays[0];
  if (!parsed.success || !primary) {
    return { bounds: fit(DEFAULT_SIZE, primary), maximized: false, fullScreen: false };
  }
  const state = parsed.data;
  const home = displayFor(state, displays) ?? primary;
  const size = fit(state, home);
  return {
    bounds: {
      ...size,
      x: clamp(state.x, home.x, home.x + home.width - size.width),
      y: clamp(state.y, home.y, home.y + home.height - size.height),
    },
    maximized: state.maximized,
    fullScreen: state.fullScreen,
  };
}

/** The display showing most of the window, if it shows enough of it to grab. */
function displayFor(window: Rectangle, displays: readonly Rectangle[]): Rectangle | null {
  let best: Rectangle | null = null;
  let bestArea = 0;
  for (const display of displays) {
    const width = overlap(window.x, window.width, display.x, display.width);
    const height = overlap(window.y, window.height, display.y, display.height);
    if (width < MIN_VISIBLE.width || height < MIN_VISIBLE.height) continue;
    if (width * height > bestArea) {
      best = display;
      bestArea = width * height;
    }
  }
  return best;
}

function fit(
  size: { width: number; height: number },
  display: Rectangle | undefined,
): { width: number; height: number } {
  if (!display) return { width: size.width, height: size.height };
  return {
    width: clamp(size.width, Math.min(MINIMUM_SIZE.width, display.width), display.width),
    height: clamp(size.height, Math.min(MINIMUM_SIZE.height, display.height), display.height),
  };
}

function overlap(start: number, size: number, otherStart: number, otherSize: number): number {
  return Math.max(0, Math.min(start + size, otherStart + otherSize) - Math.max(start, otherStart));
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}
