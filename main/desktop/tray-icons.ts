/**
 * The tray icons build/tray holds (each with an @2x twin), drawn by
 * scripts/generate-icons.ts from the app icon: a glyph for light panels, one
 * for dark panels, and the coloured icon, each also with the unread dot.
 */
export const TRAY_ICON_NAMES = [
  'tray-light-panel',
  'tray-light-panel-unread',
  'tray-dark-panel',
  'tray-dark-panel-unread',
  'tray-colour',
  'tray-colour-unread',
] as const;
export type TrayIconName = (typeof TRAY_ICON_NAMES)[number];

/**
 * Windows: a glyph for the taskbar's own light or dark theme. Linux: the
 * panel's colour cannot be read (GNOME's bar is dark in either theme), so the
 * coloured icon, which reads on both. (macOS has the dock instead of a tray.)
 */
export function trayIconFor(options: {
  platform: NodeJS.Platform;
  darkPanel: boolean;
  unread: boolean;
}): TrayIconName {
  const base =
    options.platform === 'win32'
      ? options.darkPanel
        ? 'tray-dark-panel'
        : 'tray-light-panel'
      : 'tray-colour';
  return options.unread ? `${base}-unread` : base;
}
