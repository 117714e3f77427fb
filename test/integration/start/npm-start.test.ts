import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const binaryInstalled = existsSync(join(ROOT, 'node_modules/electron/path.txt'));

describe('npm start where Electron’s binary cannot be fetched', () => {
  it.skipIf(binaryInstalled)(
    'says so in one line, points to the preview, and exits non-zero',
    () => {
      const cache = mkdtempSync(join(tmpdir(), 'parley-electron-cache-'));
      try {
        const run = spawnSync(process.execPath, [join(ROOT, 'scripts/start-electron.ts')], {
          encoding: 'utf8',
          // A mirror nothing listens on, and an empty cache: the download fails the same anywhere.
          env: {
            ...process.env,
            ELECTRON_MIRROR: 'https://127.0.0.1:9/',
            electron_config_cache: cache,
          },
          timeout: 60_000,
        });
        expect(run.status).toBe(1);
        const lines = run.stderr.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          /^npm start: Electron's binary could not be downloaded \(.+\); `npm run preview` opens the same app in a browser\.$/,
        );
        expect(existsSync(join(ROOT, 'node_modules/electron/path.txt'))).toBe(false);
      } finally {
        rmSync(cache, { recursive: true, force: true });
      }
    },
  );
});
