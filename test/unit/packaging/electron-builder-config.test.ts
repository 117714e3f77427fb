import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

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
});
