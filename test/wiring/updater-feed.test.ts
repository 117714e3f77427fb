import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UpdateState } from '../../shared/model/desktop.ts';
import { createCore } from '../../main/core/create-core.ts';
import { recordingNotifier } from '../../main/core/ports/node-adapters.ts';
import type { Logger } from '../../main/core/ports/ports.ts';
import { createSettingsService } from '../../main/core/settings/settings-service.ts';
import { electronDesktopHost } from '../../main/shell/desktop-host.ts';
import { createUpdater, type Updates } from '../../main/shell/updater.ts';
import { plainNodeDeps } from '../integration/core-harness.ts';
import { seedConversation, seedOutbox } from '../support/store-fixtures.ts';
import { standIn } from '../support/electron-stand-in.ts';
import { memoryKeyValueStore } from '../support/memory-store.ts';

/**
 * The shell's updater as an installed Linux build (an AppImage) runs it:
 * electron-updater's own code, over real HTTPS, against a latest-linux.yml
 * feed served from 127.0.0.1, with Electron's `app` and `net` played by the
 * recorded stand-in. What the decisions are is update-policy.ts; this checks
 * that they are what the user ends up with.
 */
const NEW_BUILD = Buffer.from('the next Parley AppImage');
const sha512 = createHash('sha512').update(NEW_BUILD).digest('base64');
const feedFor = (version: string) =>
  [
    `version: ${version}`,
    'files:',
    `  - url: Parley-${version}.AppImage`,
    `    sha512: ${sha512}`,
    `    size: ${NEW_BUILD.length}`,
    `path: Parley-${version}.AppImage`,
    `sha512: ${sha512}`,
    `releaseDate: '2026-11-20T10:00:00.000Z'`,
    '',
  ].join('\n');

let server: Server;
let feed = '';
let dir: string;
let updates: Updates | null = null;
let warnings: string[];
const saved = {
  resourcesPath: process.resourcesPath,
  APPIMAGE: process.env.APPIMAGE,
  XDG_CACHE_HOME: process.env.XDG_CACHE_HOME,
};

const log: Logger = {
  info() {},
  warn: (message) => void warnings.push(message),
  error: (message) => void warnings.push(message),
};

beforeAll(async () => {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    if (request.url?.startsWith('/latest-linux.yml')) {
      response.writeHead(200, { 'content-type': 'text/yaml' }).end(feed);
    } else if (request.url?.endsWith('.AppImage')) {
      response.writeHead(200, { 'content-length': NEW_BUILD.length }).end(NEW_BUILD);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dir = mkdtempSync(join(tmpdir(), 'parley-updates-'));
  const resources = join(dir, 'resources');
  mkdirSync(resources);
  const { port } = server.address() as AddressInfo;
  // What electron-builder writes into the package from `publish` in electron-builder.yml.
  writeFileSync(
    join(resources, 'app-update.yml'),
    `provider: generic\nurl: https://127.0.0.1:${port}/\nupdaterCacheDirName: parley-updater-test\n`,
  );
  writeFileSync(join(dir, 'Parley-0.1.0.AppImage'), 'the running AppImage');
  Object.assign(process, { resourcesPath: resources });
  process.env.APPIMAGE = join(dir, 'Parley-0.1.0.AppImage');
  process.env.XDG_CACHE_HOME = join(dir, 'cache');
  standIn.reset();
  standIn.trustedCa = pems.cert;
  standIn.packaged = true;
  standIn.userData = join(dir, 'user-data');
});

afterAll(async () => {
  Object.assign(process, { resourcesPath: saved.resourcesPath });
  for (const name of ['APPIMAGE', 'XDG_CACHE_HOME'] as const) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  warnings = [];
  standIn.packaged = true;
  standIn.version = '0.1.0';
});
afterEach(() => updates?.stop());

function start(enabled = true): Updates {
  const settings = createSettingsService(memoryKeyValueStore(), log);
  settings.update({ desktop: { automaticUpdates: enabled } });
  updates = createUpdater({ log });
  updates.start(settings);
  return updates;
}

describe('automatic updates against a latest.yml feed (electron-updater, Electron stand-in)', () => {
  it('a feed that answers garbage: a logged warning, and nothing for the user', async () => {
    feed = '<html>502 Bad Gateway</html>';
    const state = await start().check();
    expect(state).toMatchObject({ status: 'idle', version: null, lastError: expect.any(String) });
    expect(warnings).toEqual([
      expect.stringMatching(/^updater: .*not have a valid semver version/),
    ]);
  });

  it('the same version: nothing to offer', async () => {
    feed = feedFor('0.1.0');
    expect(await start().check()).toMatchObject({ status: 'idle', version: null, lastError: null });
  });

  it('an older version: nothing to offer', async () => {
    feed = feedFor('0.0.9');
    expect(await start().check()).toMatchObject({ status: 'idle', version: null, lastError: null });
  });

  it('a development build or updates turned off: not even a request', async () => {
    feed = feedFor('9.9.9');
    standIn.packaged = false;
    expect(await start().check()).toMatchObject({ status: 'off', reason: 'not-installed' });
    standIn.packaged = true;
    updates?.stop();
    expect(await start(false).check()).toMatchObject({ status: 'off', reason: 'turned-off' });
  });

  it('a newer version: downloaded in the background, then "Restart to update", which waits for the outbox', async () => {
    feed = feedFor('0.2.0');
    const shell = start();
    const seen: UpdateState['status'][] = [];
    shell.onChange((state) => seen.push(state.status));
    expect(await shell.check()).toMatchObject({ status: 'downloading', version: '0.2.0' });
    await expect.poll(() => shell.state().status, { timeout: 15_000 }).toBe('ready');
    expect(seen).toEqual(expect.arrayContaining(['checking', 'downloading', 'ready']));

    const coreDir = mkdtempSync(join(tmpdir(), 'parley-updates-core-'));
    const core = createCore(
      plainNodeDeps(coreDir, {
        notifier: recordingNotifier(),
        desktop: electronDesktopHost('linux', shell),
      }),
    );
    try {
      seedConversation(core.db, { id: 'c_1', contactId: 'ava' });
      seedOutbox(core.db, { kind: 'send', conversationId: 'c_1', targetId: 'local_1' });
      expect(await core.router.handle('updates:get', {})).toMatchObject({
        ok: true,
        value: { status: 'ready', version: '0.2.0' },
      });
      expect(await core.router.handle('updates:restart', { force: false })).toEqual({
        ok: true,
        value: { restarting: false, pendingWrites: 1 },
      });
    } finally {
      await core.stop();
      rmSync(coreDir, { recursive: true, force: true });
    }
  });
});
