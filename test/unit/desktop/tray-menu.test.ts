import { describe, expect, it } from 'vitest';
import { pauseEnd } from '../../../shared/model/notification-pause.ts';
import { pauseTimeFormatter, trayMenu, trayTooltip } from '../../../main/desktop/tray-menu.ts';
import { trayIconFor } from '../../../main/desktop/tray-icons.ts';

const at = (text: string) => new Date(text).getTime();
const hhmm = (ms: number) => new Date(ms).toTimeString().slice(0, 5);
const labels = (items: ReturnType<typeof trayMenu>) =>
  items.map((item) => (item.kind === 'separator' ? '—' : item.label));

describe('the tray menu', () => {
  it('offers to open, pause and quit', () => {
    const menu = trayMenu({ unread: 0, pausedUntil: null, now: 0 }, hhmm);
    expect(labels(menu)).toEqual([
      'Open Parley',
      '—',
      'Pause notifications for 1 hour',
      'Pause notifications until tomorrow',
      '—',
      'Quit Parley',
    ]);
  });

  it('says until when notifications are paused and offers to resume, until the pause ends', () => {
    const now = at('2026-03-02T13:00:00');
    const pausedUntil = at('2026-03-02T14:30:00');
    expect(labels(trayMenu({ unread: 0, pausedUntil, now }, hhmm))).toEqual([
      'Open Parley',
      '—',
      'Notifications paused until 14:30',
      'Resume notifications',
      '—',
      'Quit Parley',
    ]);
    expect(labels(trayMenu({ unread: 0, pausedUntil, now: pausedUntil }, hhmm))).toContain(
      'Pause notifications for 1 hour',
    );
  });

  it('tells the unread count and the pause in the tooltip', () => {
    const now = at('2026-03-02T13:00:00');
    expect(trayTooltip({ unread: 0, pausedUntil: null, now }, hhmm)).toBe('Parley');
    expect(trayTooltip({ unread: 12, pausedUntil: now + 60_000, now }, hhmm)).toBe(
      'Parley · 12 unread · notifications paused until 13:01',
    );
  });

  it('pauses for an hour, or until eight tomorrow morning (local time, across a DST change)', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
    try {
      // Clocks go forward at 02:00 on 29 March 2026 in Berlin: 22:15 CET to 08:00 CEST is 8 h 45.
      const now = Date.parse('2026-03-28T21:15:00Z');
      expect(pauseEnd('pause-hour', now)).toBe(now + 3_600_000);
      expect(pauseEnd('pause-tomorrow', now)).toBe(Date.parse('2026-03-29T06:00:00Z'));
      expect(pauseEnd('resume', now)).toBeNull();
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('names the day when the pause ends on another day', () => {
    const now = at('2026-03-02T23:00:00');
    const format = pauseTimeFormatter(now, 'en-GB');
    expect(format(at('2026-03-02T23:30:00'))).toBe('23:30');
    expect(format(at('2026-03-03T08:00:00'))).toBe('Tue 08:00');
  });
});

describe('the tray icon', () => {
  it('follows the Windows taskbar theme, and is the coloured icon on Linux, dotted when unread', () => {
    expect(trayIconFor({ platform: 'win32', darkPanel: true, unread: false })).toBe(
      'tray-dark-panel',
    );
    expect(trayIconFor({ platform: 'win32', darkPanel: false, unread: true })).toBe(
      'tray-light-panel-unread',
    );
    expect(trayIconFor({ platform: 'linux', darkPanel: true, unread: true })).toBe(
      'tray-colour-unread',
    );
  });
});
