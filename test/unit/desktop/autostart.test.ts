import { describe, expect, it } from 'vitest';
import {
  autostartPath,
  autostartPlan,
  desktopEntry,
  launchHidden,
  quoteExecArgument,
} from '../../../main/desktop/autostart.ts';

describe('start at login', () => {
  it('is a login item on macOS and Windows, hidden through an argument', () => {
    expect(autostartPlan('win32', 'hidden', ['C:\\Parley\\Parley.exe'])).toEqual({
      kind: 'login-item',
      openAtLogin: true,
      args: ['--hidden'],
    });
    expect(autostartPlan('darwin', 'on', ['/Applications/Parley.app'])).toEqual({
      kind: 'login-item',
      openAtLogin: true,
      args: [],
    });
    expect(autostartPlan('win32', 'off', [])).toMatchObject({ openAtLogin: false });
  });

  it('is an XDG autostart entry on Linux, removed when turned off', () => {
    const plan = autostartPlan('linux', 'hidden', ['/home/ava/Apps/Parley-0.1.0.AppImage']);
    expect(plan).toEqual({
      kind: 'xdg-entry',
      entry: [
        '[Desktop Entry]',
        'Type=Application',
        'Version=1.5',
        'Name=Parley',
        'Comment=Messages and orders, running in the background',
        'Exec=/home/ava/Apps/Parley-0.1.0.AppImage --hidden',
        'Icon=parley',
        'Terminal=false',
        'Categories=Network;InstantMessaging;Chat;',
        'X-GNOME-Autostart-enabled=true',
        '',
      ].join('\n'),
    });
    expect(autostartPlan('linux', 'off', ['/opt/Parley/parley'])).toEqual({
      kind: 'xdg-entry',
      entry: null,
    });
  });

  it('quotes Exec arguments as the Desktop Entry Specification asks', () => {
    expect(quoteExecArgument('/opt/Parley/parley')).toBe('/opt/Parley/parley');
    expect(quoteExecArgument('/home/ava/My Apps/Parley.AppImage')).toBe(
      '"/home/ava/My Apps/Parley.AppImage"',
    );
    expect(quoteExecArgument('/tmp/100% "real" $HOME\\x')).toBe(
      '"/tmp/100%% \\\\"real\\\\" \\\\$HOME\\\\\\\\x"',
    );
    expect(desktopEntry(['/a b/parley', '/src/app'])).toContain('Exec="/a b/parley" /src/app\n');
  });

  it('lives in $XDG_CONFIG_HOME/autostart, or ~/.config when that is unset or relative', () => {
    expect(autostartPath({ XDG_CONFIG_HOME: '/xdg' }, '/home/ava')).toBe(
      '/xdg/autostart/parley.desktop',
    );
    expect(autostartPath({}, '/home/ava')).toBe('/home/ava/.config/autostart/parley.desktop');
    expect(autostartPath({ XDG_CONFIG_HOME: 'rel' }, '/home/ava')).toBe(
      '/home/ava/.config/autostart/parley.desktop',
    );
  });

  it('starts hidden when the login item says so, or macOS reports a login launch', () => {
    expect(
      launchHidden({ argv: ['parley', '--hidden'], setting: 'on', openedAtLogin: false }),
    ).toBe(true);
    expect(launchHidden({ argv: ['parley'], setting: 'hidden', openedAtLogin: true })).toBe(true);
    expect(launchHidden({ argv: ['parley'], setting: 'hidden', openedAtLogin: false })).toBe(false);
    expect(launchHidden({ argv: ['parley'], setting: 'on', openedAtLogin: true })).toBe(false);
  });
});
