import { app } from 'electron';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import type { StartAtLogin } from '../../shared/model/settings.ts';
import type { Logger } from '../core/ports/ports.ts';
import { autostartPath, autostartPlan } from '../desktop/autostart.ts';

/** What starts this build: the AppImage file, or the executable (and the app folder in development). */
function launchCommand(): string[] {
  const executable = process.env.APPIMAGE ?? process.execPath;
  return app.isPackaged ? [executable] : [executable, app.getAppPath()];
}

/**
 * Makes the system start Parley at login, or stop, as the setting says:
 * a login item on macOS and Windows, an XDG autostart entry on Linux. A file
 * that cannot be written is reported, and the setting stays as the user chose
 * it, so the next start tries again.
 */
export async function applyStartAtLogin(
  setting: StartAtLogin,
  deps: { platform: NodeJS.Platform; log: Logger; report(message: string): void },
): Promise<void> {
  const plan = autostartPlan(deps.platform, setting, launchCommand());
  if (plan.kind === 'login-item') {
    app.setLoginItemSettings({ openAtLogin: plan.openAtLogin, args: plan.args });
    return;
  }
  const path = autostartPath(process.env, homedir());
  try {
    if (plan.entry === null) {
      await rm(path, { force: true });
    } else {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, plan.entry, { mode: 0o644 });
    }
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    deps.log.warn('autostart entry not updated', { path, reason });
    deps.report(
      `Parley could not update ${path} (${reason}), so “Start at login” may not take effect.`,
    );
  }
}
