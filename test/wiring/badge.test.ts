import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserWindow } from 'electron';
import { createBadge } from '../../main/shell/badge.ts';
import { BrowserWindow as RecordedWindow, standIn } from '../support/electron-stand-in.ts';

/** Wiring: where the shell puts the unread count on each platform. */
beforeEach(() => standIn.reset());

describe('badge wiring (Electron stand-in)', () => {
  it('draws the overlay on the Windows taskbar button, with words, and clears it at zero', () => {
    const window = new RecordedWindow({});
    const badge = createBadge('win32', () => window as unknown as BrowserWindow);
    badge.show(3);
    expect(window.overlay).toEqual({
      image: { path: '/opt/parley-dev/build/badges/overlay-3.png' },
      description: '3 unread messages',
    });
    badge.show(12);
    expect(window.overlay?.image).toEqual({
      path: '/opt/parley-dev/build/badges/overlay-9plus.png',
    });
    badge.show(0);
    expect(window.overlay).toBeNull();
    expect(standIn.callsTo('app.setBadgeCount')).toEqual([]);
  });

  it('sets the badge count on macOS and Linux', () => {
    createBadge('darwin', () => null).show(5);
    createBadge('linux', () => null).show(0);
    expect(standIn.callsTo('app.setBadgeCount')).toEqual([[5], [0]]);
  });
});
