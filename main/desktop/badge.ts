/** Overlay badges build/badges holds: 1 to 9, then "9+", which is all a 16-pixel overlay can show. */
export const OVERLAY_BADGES = [
  ...Array.from({ length: 9 }, (_, index) => ({
    file: `overlay-${index + 1}`,
    text: String(index + 1),
  })),
  { file: 'overlay-9plus', text: '9+' },
] as const satisfies readonly { file: string; text: string }[];

export type BadgeMethod =
  /** Windows: an icon drawn over the taskbar button. */
  | 'overlay'
  /** macOS (the dock) and Linux (launchers that read the Unity LauncherEntry API). */
  | 'badge-count';

/**
 * Windows has no badge count; Electron's setBadgeCount there can draw a second
 * badge over the overlay, as Element found, so each platform gets one method.
 */
export function badgeMethod(platform: NodeJS.Platform): BadgeMethod {
  return platform === 'win32' ? 'overlay' : 'badge-count';
}

/** The overlay for a count and the words Windows reads out for it; null clears it. */
export function overlayBadge(count: number): { file: string; description: string } | null {
  if (!Number.isFinite(count) || count < 1) return null;
  const badge = OVERLAY_BADGES[Math.min(Math.floor(count), OVERLAY_BADGES.length) - 1];
  if (!badge) return null;
  const description =
    count > 9
      ? 'More than 9 unread messages'
      : `${badge.text} unread message${count === 1 ? '' : 's'}`;
  return { file: badge.file, description };
}
