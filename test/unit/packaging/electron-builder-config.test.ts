import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
/** The parts of electron-builder.yml these tests read. */
interface BuilderConfig {
  appId: string;
  productName: string;
  electronFuses: Record<string, boolean>;
  protocols: unknown;
  publish: unknown;
  directories: { buildResources: string };
  extraResources: { from: string }[];
  linux: { mimeTypes: string[]; category: string };
}
const readConfig = async () =>
  parse(await readFile(resolve(ROOT, 'electron-builder.yml'), 'utf8')) as BuilderConfig;

/** The fuses as Signal, Element and Mattermost set them (issue 11). */
const HARDENED_FUSES = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  grantFileProtocolExtraPrivileges: false,
};

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own schema validation', async () => {
    const config = parse(await readFile(resolve(ROOT, 'electron-builder.yml'), 'utf8'));
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config');
    const { DebugLogger } = require('builder-util');
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('packages Linux, macOS and Windows targets from the bundles, without the preview bridge', async () => {
    const config = parse(await readFile(resolve(ROOT, 'electron-builder.yml'), 'utf8'));
    expect(config.linux.target).toEqual(expect.arrayContaining(['AppImage', 'deb']));
    expect(config.mac.target).toContain('dmg');
    expect(config.win.target).toContain('nsis');
    expect(config.files).toEqual(
      expect.arrayContaining([
        'dist/main/**',
        'dist/renderer/**',
        '!dist/renderer/preview-bridge.js',
      ]),
    );
    const pkg = JSON.parse(await readFile(resolve(ROOT, 'package.json'), 'utf8'));
    expect(pkg.main).toBe('dist/main/main.mjs');
  });

  it('flips every hardening fuse, and names every fuse electron-builder knows', async () => {
    const { electronFuses } = await readConfig();
    expect(electronFuses).toMatchObject(HARDENED_FUSES);
    // A fuse added to electron-builder later must be decided here, not left at Electron's default.
    const schema = require('app-builder-lib/scheme.json');
    const known = Object.keys(schema.definitions.FuseOptionsV1.properties).sort();
    expect(Object.keys(electronFuses).sort()).toEqual(
      known.filter((name) => name !== 'resetAdHocDarwinSignature'),
    );
  });

  it('registers parley:// with every installer and the Linux desktop entry', async () => {
    const config = await readConfig();
    expect(config.protocols).toEqual([{ name: 'Parley link', schemes: ['parley'] }]);
    expect(config.linux.mimeTypes).toContain('x-scheme-handler/parley');
    expect(config.linux.category).toBe('Network;InstantMessaging;Chat');
    expect(config.productName).toBe('Parley');
    expect(config.appId).toBe('dev.parley.desktop');
  });

  it('publishes updates to a generic HTTPS feed', async () => {
    const { publish } = await readConfig();
    expect(publish).toMatchObject({
      provider: 'generic',
      url: expect.stringMatching(/^https:\/\//),
    });
  });

  it('ships the icons the installers and the running app use', async () => {
    const config = await readConfig();
    for (const file of ['icon.icns', 'icon.ico', 'icon.png', 'icons/512x512.png']) {
      expect(existsSync(resolve(ROOT, config.directories.buildResources, file)), file).toBe(true);
    }
    for (const { from } of config.extraResources) {
      expect(existsSync(resolve(ROOT, from)), from).toBe(true);
    }
  });
});
