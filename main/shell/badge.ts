import { app, nativeImage, type BrowserWindow } from 'electron';
import { badgeMethod, overlayBadge } from '../desktop/badge.ts';
import { resourcePath } from './app-resources.ts';

/**
 * The unread count on the app's own icon: the dock (macOS) or launcher
 * (Linux) badge, or on Windows an overlay drawn over the taskbar button,
 * with words Windows reads out.
 */
export function createBadge(platform: NodeJS.Platform, window: () => BrowserWindow | null) {
  const method = badgeMethod(platform);
  return {
    show(count: number): void {
      if (method === 'badge-count') {
        app.setBadgeCount(count);
        return;
      }
      const target = window();
      if (!target || target.isDestroyed()) return;
      const overlay = overlayBadge(count);
      if (overlay === null) {
        target.setOverlayIcon(null, '');
        return;
      }
      const image = nativeImage.createFromPath(resourcePath('badges', `${overlay.file}.png`));
      target.setOverlayIcon(image, overlay.description);
    },
  };
}
