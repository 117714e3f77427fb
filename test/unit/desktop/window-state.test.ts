import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, placeWindow } from '../../../main/desktop/window-state.ts';

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const monitor = { x: 1440, y: -200, width: 2560, height: 1400 };
const saved = (bounds: object, modes: object = {}) => ({
  x: 100,
  y: 80,
  width: 1000,
  height: 700,
  maximized: false,
  fullScreen: false,
  ...bounds,
  ...modes,
});

describe('where the window opens', () => {
  it('where it was left, maximised or full screen as it was', () => {
    expect(placeWindow(saved({}, { maximized: true }), [laptop, monitor])).toEqual({
      bounds: { x: 100, y: 80, width: 1000, height: 700 },
      maximized: true,
      fullScreen: false,
    });
    expect(placeWindow(saved({ x: 2000, y: 0 }), [laptop, monitor]).bounds).toEqual({
      x: 2000,
      y: 0,
      width: 1000,
      height: 700,
    });
  });

  it('on the primary display when the monitor it was on is unplugged', () => {
    const placement = placeWindow(saved({ x: 2000, y: 0, width: 2000, height: 1200 }), [laptop]);
    expect(placement.bounds).toEqual({ x: 0, y: 0, width: 1440, height: 875 });
  });

  it('pulled fully inside a display it hangs off', () => {
    expect(placeWindow(saved({ x: 1000, y: 500 }), [laptop]).bounds).toEqual({
      x: 440,
      y: 175,
      width: 1000,
      height: 700,
    });
  });

  it('on the display showing most of it, when it straddles two', () => {
    const straddling = saved({ x: 1000, y: 100, width: 1200 });
    expect(placeWindow(straddling, [laptop, monitor]).bounds).toMatchObject({ x: 1440 });
  });

  it('a window showing only a sliver on a display counts as off it', () => {
    const sliver = saved({ x: 1400, y: 100 });
    expect(placeWindow(sliver, [laptop]).bounds).toMatchObject({ x: 440, y: 100 });
  });

  it('at the default size, centred by the OS, when nothing usable was saved', () => {
    for (const stored of [
      undefined,
      'garbage',
      { x: 'a' },
      saved({ width: 0 }),
      saved({ x: 1e9 }),
    ]) {
      expect(placeWindow(stored, [laptop])).toEqual({
        bounds: DEFAULT_SIZE,
        maximized: false,
        fullScreen: false,
      });
    }
  });

  it('never larger than a small display, never below it either', () => {
    const small = { x: 0, y: 0, width: 640, height: 400 };
    expect(placeWindow(saved({}), [small]).bounds).toEqual({ x: 0, y: 0, width: 640, height: 400 });
  });
});
