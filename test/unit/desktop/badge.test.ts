import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { badgeMethod, OVERLAY_BADGES, overlayBadge } from '../../../main/desktop/badge.ts';
import { TRAY_ICON_NAMES } from '../../../main/desktop/tray-icons.ts';

const BUILD = resolve(import.meta.dirname, '../../../build');

describe('the unread badge', () => {
  it('is an overlay on Windows and the badge count on macOS and Linux', () => {
    expect(badgeMethod('win32')).toBe('overlay');
    expect(badgeMethod('darwin')).toBe('badge-count');
    expect(badgeMethod('linux')).toBe('badge-count');
  });

  it('draws 1 to 9, then 9+, and clears at zero, with words for screen readers', () => {
    expect(overlayBadge(0)).toBeNull();
    expect(overlayBadge(1)).toEqual({ file: 'overlay-1', description: '1 unread message' });
    expect(overlayBadge(9)).toEqual({ file: 'overlay-9', description: '9 unread messages' });
    expect(overlayBadge(240)).toEqual({
      file: 'overlay-9plus',
      description: 'More than 9 unread messages',
    });
    expect(overlayBadge(Number.NaN)).toBeNull();
  });

  it('finds every overlay and tray icon it names in build/, at both densities', () => {
    const files = [
      ...OVERLAY_BADGES.map((badge) => `badges/${badge.file}`),
      ...TRAY_ICON_NAMES.map((name) => `tray/${name}`),
    ];
    const missing = files
      .flatMap((file) => [`${file}.png`, `${file}@2x.png`])
      .filter((file) => !existsSync(resolve(BUILD, file)));
    expect(missing).toEqual([]);
  });
});
