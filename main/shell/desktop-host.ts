import type { DesktopHost } from '../core/ports/ports.ts';
import { spellcheckCapabilities } from './spellcheck-menu.ts';
import type { Updates } from './updater.ts';

/** What the core may ask of the Electron host through its DesktopHost port. */
export function electronDesktopHost(platform: NodeJS.Platform, updates: Updates): DesktopHost {
  return {
    capabilities: () => ({
      closeToTray: platform !== 'darwin',
      startAtLogin: true,
      ...spellcheckCapabilities(),
    }),
    updates,
  };
}
