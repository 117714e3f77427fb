import { app } from 'electron';
import { join } from 'node:path';

/**
 * Icons the running app draws (tray, taskbar badges, the Linux window icon).
 * electron-builder copies them into the package's resources folder
 * (`extraResources`); a development build reads them from build/.
 */
export function resourcePath(...parts: string[]): string {
  const base = app.isPackaged ? process.resourcesPath : join(app.getAppPath(), 'build');
  return join(base, ...parts);
}
