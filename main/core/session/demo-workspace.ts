import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  SandboxDataError,
  startSandbox,
  type Sandbox,
  type SandboxOptions,
} from '../../sandbox/sandbox.ts';
import type { Logger, SecretName, SecretVault } from '../ports/ports.ts';
import { DEMO_WEBHOOK_SECRET, type DemoFeed } from '../webhooks/demo-feed.ts';
import type { DemoWorkspace } from './session-service.ts';

const DEMO_USER = 'you';

/**
 * The embedded sandbox behind the demo workspace: a free loopback port, data
 * in the app's data directory (so it survives restarts), its own token kept
 * in the vault. It also plays the catalogue service, delivering a stream of
 * signed events over HTTPS to the demo's own receiver (the feed).
 */
export function createDemoWorkspace(options: {
  dataDir: string;
  vault: SecretVault;
  log: Logger;
  feed: DemoFeed;
}): DemoWorkspace {
  const { vault, log, feed } = options;
  const dataFile = join(options.dataDir, 'demo-workspace.db');
  let running: Promise<Sandbox> | null = null;

  /** The demo's own secret: the stored one, or a fresh one stored first. */
  async function ownSecret(name: SecretName): Promise<string> {
    const stored = await vault.get(name);
    if (stored) return stored;
    const fresh = randomBytes(24).toString('base64url');
    await vault.set(name, fresh);
    return fresh;
  }

  /** The activity is an extra: when its receiver cannot start, the demo still opens. */
  async function listenForActivity(): Promise<{ trustCa: string } | null> {
    try {
      return await feed.listen();
    } catch (error) {
      log.warn('demo activity feed not started', { error: String(error) });
      return null;
    }
  }

  async function removeDataFile() {
    for (const suffix of ['', '-wal', '-shm']) await rm(`${dataFile}${suffix}`, { force: true });
  }

  async function start(): Promise<Sandbox> {
    const [token, webhookSecret] = await Promise.all([
      ownSecret('demo-token'),
      ownSecret(DEMO_WEBHOOK_SECRET),
    ]);
    const delivery = await listenForActivity();
    const options: SandboxOptions = {
      port: 0,
      demo: true,
      dataFile,
      users: [{ contactId: DEMO_USER, token }],
      log: () => {},
      webhookSecret,
      ...(delivery && { trustCa: delivery.trustCa, simulate: true }),
    };
    let sandbox: Sandbox;
    try {
      sandbox = await startSandbox(options).catch(async (error: unknown) => {
        // Demo data is disposable: a file an older or newer build wrote is replaced, not a dead end.
        if (!(error instanceof SandboxDataError)) throw error;
        log.warn('demo workspace data was unusable; starting a fresh one', {
          error: error.message,
        });
        await removeDataFile();
        return startSandbox(options);
      });
    } catch (error) {
      await feed.stop();
      throw error;
    }
    if (delivery) {
      await feed.subscribe({ baseUrl: sandbox.url, token }).catch((error: unknown) => {
        log.warn('demo activity feed not subscribed', { error: String(error) });
      });
    }
    return sandbox;
  }

  async function stop() {
    const sandbox = running;
    running = null;
    // The service first, so no delivery is cut off by a closing receiver.
    if (sandbox)
      await sandbox.then(
        (started) => started.close(),
        () => {},
      );
    await feed.stop();
  }

  return {
    async ensureRunning() {
      running ??= start().catch((error: unknown) => {
        running = null;
        throw error;
      });
      const sandbox = await running;
      log.info('demo workspace running', { url: sandbox.url });
      return { baseUrl: sandbox.url };
    },
    stop,
    async reset() {
      await stop();
      await removeDataFile();
      feed.clear();
    },
  };
}
