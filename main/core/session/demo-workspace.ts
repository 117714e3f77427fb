import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../sandbox/sandbox.ts';
import type { Logger, SecretVault } from '../ports/ports.ts';
import type { DemoWorkspace } from './session-service.ts';

export const DEMO_USER = 'you';

/**
 * The embedded sandbox behind the demo workspace: a free loopback port, data
 * in the app's data directory (so it survives restarts), its own token kept
 * in the vault.
 */
export function createDemoWorkspace(options: {
  dataDir: string;
  vault: SecretVault;
  log: Logger;
}): DemoWorkspace {
  const dataFile = join(options.dataDir, 'demo-workspace.db');
  let running: Promise<Sandbox> | null = null;

  async function token(): Promise<string> {
    const stored = await options.vault.get('demo-token');
    if (stored) return stored;
    const fresh = randomBytes(24).toString('base64url');
    await options.vault.set('demo-token', fresh);
    return fresh;
  }

  async function stop() {
    const sandbox = running;
    running = null;
    if (sandbox) await (await sandbox).close();
  }

  return {
    async ensureRunning() {
      const demoToken = await token();
      running ??= startSandbox({
        port: 0,
        demo: true,
        dataFile,
        users: [{ contactId: DEMO_USER, token: demoToken }],
        log: () => {},
      }).catch((error: unknown) => {
        running = null;
        throw error;
      });
      const sandbox = await running;
      options.log.info('demo workspace running', { url: sandbox.url });
      return { baseUrl: sandbox.url };
    },
    stop,
    async reset() {
      await stop();
      for (const suffix of ['', '-wal', '-shm']) await rm(`${dataFile}${suffix}`, { force: true });
    },
  };
}
