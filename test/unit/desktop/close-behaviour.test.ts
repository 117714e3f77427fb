import { describe, expect, it } from 'vitest';
import { closeAction, trayHintDue } from '../../../main/desktop/close-behaviour.ts';

describe('closing the window', () => {
  it('hides to the tray on Windows and Linux when the setting is on and the tray is there', () => {
    for (const platform of ['win32', 'linux'] as const) {
      expect(closeAction({ platform, closeToTray: true, trayShown: true, quitting: false })).toBe(
        'hide',
      );
      expect(closeAction({ platform, closeToTray: false, trayShown: true, quitting: false })).toBe(
        'close',
      );
      expect(closeAction({ platform, closeToTray: true, trayShown: false, quitting: false })).toBe(
        'close',
      );
    }
  });

  it('keeps the app in the dock on macOS', () => {
    expect(
      closeAction({ platform: 'darwin', closeToTray: false, trayShown: false, quitting: false }),
    ).toBe('hide');
  });

  it('closes when the app is quitting (Quit, Restart to update, logging out)', () => {
    expect(
      closeAction({ platform: 'win32', closeToTray: true, trayShown: true, quitting: true }),
    ).toBe('close');
    expect(
      closeAction({ platform: 'darwin', closeToTray: true, trayShown: true, quitting: true }),
    ).toBe('close');
  });

  it('tells where Parley went once, and never on macOS', () => {
    expect(trayHintDue({ platform: 'linux', shownBefore: false })).toBe(true);
    expect(trayHintDue({ platform: 'linux', shownBefore: true })).toBe(false);
    expect(trayHintDue({ platform: 'darwin', shownBefore: false })).toBe(false);
  });
});
