import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryKeyValueStore } from '../support/memory-store.ts';
import { standIn, nativeTheme } from '../support/electron-stand-in.ts';
import { silentLogger } from '../../main/core/ports/node-adapters.ts';
import { createSettingsService } from '../../main/core/settings/settings-service.ts';
import { createTray } from '../../main/shell/tray.ts';
import { startCore } from '../integration/core-harness.ts';

/** Wiring: what the shell's tray asks of Electron (a recorded stand-in), and what its menu does. */
const NOW = Date.parse('2026-03-02T13:00:00Z');
let settings: ReturnType<typeof createSettingsService>;
let quits = 0;
let opens = 0;
const created: ReturnType<typeof createTray>[] = [];

function tray(platform: NodeJS.Platform) {
  const shellTray = createTray({
    platform,
    settings,
    open: () => void (opens += 1),
    quit: () => void (quits += 1),
    now: () => NOW,
  });
  created.push(shellTray);
  const [recorded] = standIn.trays.slice(-1);
  if (!recorded) throw new Error('no tray was created');
  return { created: shellTray, recorded };
}

afterEach(() => {
  for (const shellTray of created.splice(0)) shellTray.destroy();
});

beforeEach(() => {
  standIn.reset();
  settings = createSettingsService(memoryKeyValueStore(), silentLogger);
  quits = 0;
  opens = 0;
});

describe('tray wiring (Electron stand-in)', () => {
  it('shows the coloured icon on Linux with the unread count in the tooltip and a dot', () => {
    const { created, recorded } = tray('linux');
    expect(recorded.image).toEqual({ path: '/opt/parley-dev/build/tray/tray-colour.png' });
    expect(recorded.toolTip).toBe('Parley');
    created.setUnread(4);
    expect(recorded.image).toEqual({ path: '/opt/parley-dev/build/tray/tray-colour-unread.png' });
    expect(recorded.toolTip).toBe('Parley · 4 unread');
  });

  it('follows the Windows taskbar theme when it changes', () => {
    const { recorded } = tray('win32');
    expect(recorded.image).toEqual({ path: '/opt/parley-dev/build/tray/tray-light-panel.png' });
    nativeTheme.shouldUseDarkColorsForSystemIntegratedUI = true;
    nativeTheme.emit('updated');
    expect(recorded.image).toEqual({ path: '/opt/parley-dev/build/tray/tray-dark-panel.png' });
  });

  it('pauses notifications from its menu, then offers to resume', () => {
    const { recorded } = tray('linux');
    expect(recorded.menu?.labels).toEqual([
      'Open Parley',
      '—',
      'Pause notifications for 1 hour',
      'Pause notifications until tomorrow',
      '—',
      'Quit Parley',
    ]);
    recorded.menu?.click('Pause notifications for 1 hour');
    expect(settings.get().desktop.notificationsPausedUntil).toBe(NOW + 3_600_000);
    expect(recorded.menu?.labels).toContain('Resume notifications');
    expect(recorded.toolTip).toMatch(/^Parley · notifications paused until /);

    recorded.menu?.click('Resume notifications');
    expect(settings.get().desktop.notificationsPausedUntil).toBeNull();
  });

  it('opens the window on a click and from the menu, and quits from the menu', () => {
    const { recorded } = tray('linux');
    recorded.emit('click');
    recorded.menu?.click('Open Parley');
    recorded.menu?.click('Quit Parley');
    expect([opens, quits]).toEqual([2, 1]);
  });

  it("tells an open settings dialog when its menu pauses the core's notifications", async () => {
    const harness = startCore();
    try {
      settings = harness.core.settings;
      tray('linux').recorded.menu?.click('Pause notifications until tomorrow');
      const paused = harness.core.settings.get().desktop.notificationsPausedUntil;
      expect(paused).toBeGreaterThan(NOW);
      expect(harness.events).toContainEqual({
        type: 'settings',
        settings: expect.objectContaining({
          desktop: expect.objectContaining({ notificationsPausedUntil: paused }),
        }),
      });
    } finally {
      await harness.close();
    }
  });

  it('shows the once-only hint as a balloon from the icon on Windows only', () => {
    expect(tray('linux').created.displayHint('t', 'b')).toBe(false);
    expect(tray('win32').created.displayHint('t', 'b')).toBe(true);
    expect(standIn.callsTo('tray.displayBalloon')).toEqual([
      [{ title: 't', content: 'b', iconType: 'info' }],
    ]);
  });
});
