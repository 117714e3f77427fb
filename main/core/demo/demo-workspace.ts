import { randomBytes } from 'node:crypto';
import type {
  DemoServicesLoader,
  Logger,
  RunningDemo,
  SecretName,
  SecretVault,
} from '../ports/ports.ts';
import type { DemoWorkspace } from '../session/session-service.ts';
import { tightenModes } from '../ports/private-files.ts';
import { DEMO_WEBHOOK_SECRET, type DemoFeed } from './demo-feed.ts';

/** Secrets the app makes for itself: 256 bits, beyond guessing. */
export const GENERATED_SECRET_BYTES = 32;

/**
 * The demo workspace over the host's demo services (the embedded sandbox):
 * loaded on first use, data in the app's data directory (so it survives
 * restarts), its own token and webhook secret kept in the vault. Its
 * catalogue delivers a stream of signed events over HTTPS to the demo's own
 * relay, which the core pulls from (the feed).
 */
export function createDemoWorkspace(options: {
  dataDir: string;
  vault: SecretVault;
  log: Logger;
  feed: DemoFeed;
  services: DemoServicesLoader;
}): DemoWorkspace {
  const { vault, log, feed } = options;
  const { dataDir } = options;
  let running: Promise<RunningDemo & { token: string }> | null = null;

  /** The demo's own secret: the stored one, or a fresh one stored first. */
  async function ownSecret(name: SecretName): Promise<string> {
    const stored = await vault.get(name);
    if (stored) return stored;
    const fresh = randomBytes(GENERATED_SECRET_BYTES).toString('base64url');
    await vault.set(name, fresh);
    return fresh;
  }

  async function start(): Promise<RunningDemo & { token: string }> {
    const [token, webhookSecret] = await Promise.all([
      ownSecret('demo-token'),
      ownSecret(DEMO_WEBHOOK_SECRET),
    ]);
    const relayTls = await feed.certificate();
    const services = await options.services();
    const demo = await services.start({ dataDir, token, webhookSecret, relayTls, log });
    // The services write their data files with the process's default mode.
    tightenModes(dataDir);
    // The activity is an extra: when its relay cannot be followed, the demo still opens.
    if (demo.relay !== null && relayTls !== null) {
      await feed.follow({ ...demo.relay, ca: relayTls.cert }, demo.catalogue).catch((error) => {
        log.warn('demo activity feed not followed', { error: String(error) });
      });
    }
    return { ...demo, token };
  }

  async function stop() {
    const demo = running;
    running = null;
    const started = await demo?.catch(() => null);
    // The app stops pulling first, so the relay closing under it is not reported as trouble.
    await feed.stop();
    await started?.close();
  }

  return {
    async ensureRunning() {
      running ??= start().catch((error: unknown) => {
        running = null;
        throw error;
      });
      const demo = await running;
      log.info('demo workspace running', { url: demo.messagingUrl });
      return { baseUrl: demo.messagingUrl, token: demo.token };
    },
    stop,
    async reset() {
      await stop();
      await (await options.services()).erase(dataDir);
      await feed.clear();
    },
  };
}
