import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../main/core/create-core.ts';
import { confStore, fileVault } from '../../../main/core/ports/node-adapters.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';
import { plainNodeDeps } from '../core-harness.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** Every directory and file under `dir` whose mode lets anyone but the owner in. */
function tooOpen(dir: string, root = dir): string[] {
  const found: string[] = [];
  const mode = statSync(dir).mode & 0o777;
  if (mode !== 0o700) found.push(`${relative(root, dir) || '.'}/ ${mode.toString(8)}`);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...tooOpen(path, root));
    else if (entry.isFile() && (statSync(path).mode & 0o777) !== 0o600) {
      found.push(`${relative(root, path)} ${(statSync(path).mode & 0o777).toString(8)}`);
    }
  }
  return found;
}

describe.skipIf(process.platform === 'win32')('the data directory', () => {
  it('is 0700 with every file 0600 once the app has run: database, settings, secrets, certificate, demo', async () => {
    const root = makeTempDir('parley-modes-');
    cleanups.push(() => removeTempDir(root));
    const dataDir = join(root, 'data');
    const core = createCore(
      plainNodeDeps(dataDir, { vault: fileVault(dataDir), preferences: confStore(dataDir) }),
    );
    cleanups.push(() => core.stop());
    core.settings.update({ webhooks: { enabled: true, port: 0 } });
    await core.start();
    await core.router.handle('sync:now', {});
    await core.router.handle('webhooks:exportCertificate', {});

    const files = readdirSync(dataDir, { recursive: true }).map(String);
    expect(files).toEqual(
      expect.arrayContaining(['parley.db', 'settings.json', expect.stringMatching(/secrets/)]),
    );
    expect(tooOpen(dataDir)).toEqual([]);
  });

  it('is made private when an older build left it open', async () => {
    const root = makeTempDir('parley-modes-');
    cleanups.push(() => removeTempDir(root));
    const dataDir = join(root, 'data');
    mkdirSync(join(dataDir, 'receiver'), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'receiver', 'key.pem'), 'old key', { mode: 0o644 });
    writeFileSync(join(dataDir, 'settings.json'), '{}', { mode: 0o644 });

    const core = createCore(plainNodeDeps(dataDir, { preferences: confStore(dataDir) }));
    cleanups.push(() => core.stop());
    expect(tooOpen(dataDir)).toEqual([]);
  });
});
