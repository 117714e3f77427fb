import { join } from 'node:path';
import type { StartAtLogin } from '../../shared/model/settings.ts';

/** Passed by the login item (Windows, Linux): start in the tray, without a window. */
export const HIDDEN_ARG = '--hidden';
export const AUTOSTART_FILE = 'parley.desktop';

export type AutostartPlan =
  /** macOS and Windows: `app.setLoginItemSettings` with these values. */
  | { kind: 'login-item'; openAtLogin: boolean; args: string[] }
  /** Linux: the XDG autostart entry to write, or null to remove it. */
  | { kind: 'xdg-entry'; entry: string | null };

/**
 * How "start at login" is carried out here. `command` is what launches this
 * build: the AppImage file for an AppImage (its mount point changes every
 * run), else the executable, plus the app folder for an unpackaged build.
 */
export function autostartPlan(
  platform: NodeJS.Platform,
  setting: StartAtLogin,
  command: readonly string[],
): AutostartPlan {
  const args = setting === 'hidden' ? [HIDDEN_ARG] : [];
  if (platform === 'linux') {
    return {
      kind: 'xdg-entry',
      entry: setting === 'off' ? null : desktopEntry([...command, ...args]),
    };
  }
  return { kind: 'login-item', openAtLogin: setting !== 'off', args };
}

/** `$XDG_CONFIG_HOME/autostart/parley.desktop`, `~/.config` when the variable is unset or relative. */
export function autostartPath(env: Record<string, string | undefined>, home: string): string {
  const configured = env.XDG_CONFIG_HOME;
  const base = configured && configured.startsWith('/') ? configured : join(home, '.config');
  return join(base, 'autostart', AUTOSTART_FILE);
}

/** A desktop entry for the autostart folder (freedesktop Desktop Entry Specification 1.5). */
export function desktopEntry(command: readonly string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.5',
    'Name=Parley',
    'Comment=Messages and orders, running in the background',
    `Exec=${command.map(quoteExecArgument).join(' ')}`,
    'Icon=parley',
    'Terminal=false',
    'Categories=Network;InstantMessaging;Chat;',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/**
 * Exec quoting: an argument with a reserved character goes in double quotes
 * with `"`, `` ` ``, `$` and `\` backslash-escaped; then the string-value rule
 * doubles every backslash again, and `%` (a field code) is doubled.
 */
export function quoteExecArgument(argument: string): string {
  const needsQuotes = argument === '' || /[\s"'\\><~|&;$*?#()`=%]/.test(argument);
  const quoted = needsQuotes ? `"${argument.replace(/(["`$\\])/g, '\\$1')}"` : argument;
  return quoted.replace(/\\/g, '\\\\').replace(/%/g, '%%');
}

/**
 * Whether this launch should stay in the tray: the login item says so with
 * `--hidden`, or, on macOS (which passes no arguments), the OS reports a
 * launch at login while the setting asks for hidden.
 */
export function launchHidden(options: {
  argv: readonly string[];
  setting: StartAtLogin;
  openedAtLogin: boolean;
}): boolean {
  return (
    options.argv.includes(HIDDEN_ARG) || (options.openedAtLogin && options.setting === 'hidden')
  );
}
