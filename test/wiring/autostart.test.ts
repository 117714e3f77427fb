import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/core/ports/node-adapters.ts';
import { applyStartAtLogin } from '../../main/shell/autostart.ts';
import { standIn } from '../support/electron-stand-in.ts';

/** Wiring: the login item and the XDG autostart file the shell writes for "Start at login". */
let config: string;
let reports: string[];
const savedXdg = process.env.XDG_CONFIG_HOME;
const apply = (platform: NodeJS.Platform, setting: 'off' | 'on' | 'hidden') =>
  applyStartAtLogin(setting, { platform, log: silentLogger, report: (m) => void reports.push(m) });

beforeEach(() => {
  standIn.reset();
  standIn.packaged = true;
  config = mkdtempSync(join(tmpdir(), 'parley-xdg-'));
  process.env.XDG_CONFIG_HOME = config;
  reports = [];
});
afterEach(() => {
  rmSync(config, { recursive: true, force: true });
  if (savedXdg === undefined) delete process.env.XDG_CONFIG_HOME;
  else process.env.XDG_CONFIG_HOME = savedXdg;
});

describe('start-at-login wiring (Electron stand-in)', () => {
  it('writes an XDG autostart entry on Linux that starts hidden, and removes it when turned off', async () => {
    const entry = join(config, 'autostart/parley.desktop');
    await apply('linux', 'hidden');
    expect(readFileSync(entry, 'utf8')).toContain(`Exec=${process.execPath} --hidden\n`);
    await apply('linux', 'off');
    expect(existsSync(entry)).toBe(false);
    expect(reports).toEqual([]);
  });

  it('says so when the entry cannot be written, and does not throw', async () => {
    writeFileSync(join(config, 'autostart'), 'a file where the folder should be');
    await apply('linux', 'on');
    expect(reports).toEqual([
      `Parley could not update ${join(config, 'autostart/parley.desktop')} (EEXIST), so “Start at login” may not take effect.`,
    ]);
  });

  it('uses the login item on Windows and macOS', async () => {
    await apply('win32', 'hidden');
    await apply('darwin', 'off');
    expect(standIn.callsTo('app.setLoginItemSettings')).toEqual([
      [{ openAtLogin: true, args: ['--hidden'] }],
      [{ openAtLogin: false, args: [] }],
    ]);
  });
});
