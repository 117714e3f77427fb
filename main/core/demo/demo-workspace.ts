import { randomBytes } from 'node:crypto';
import type {
  DemoServicesLoader,
  Logger,
  RunningDemo,
  SecretName,
  SecretVault,
} from '../ports/ports.ts';
import type { DemoWorkspace } from '../session/session-service.ts';
import { DEMO_WEBHOOK_SECRET, type DemoFeed } from './demo-feed.ts';

/**
 * The demo workspace over the host's demo services (the embedded sandbox):
 * loaded on first use, data in the app's data directory (so it survives
 * restarts), its own token and webhook secret kept in the vault. Its
 * catalogue delivers a stream of signed events over HTTPS to the demo's own
 * receiver (the feed).
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
  let running: Promise<RunningDemo> | null = null;

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

  async function start(): Promise<RunningDemo> {
    const [token, webhookSecret] = await Promise.all([
      ownSecret('demo-token'),
      ownSecret(DEMO_WEBHOOK_SECRET),
    ]);
    const delivery = await listenForActivity();
    let demo: RunningDemo;
    try {
      const services = await options.services();
      demo = await services.start({
        dataDir,
        token,
        webhookSecret,
        trustCa: delivery?.trustCa ?? null,
        log,
      });
    } catch (error) {
      await feed.stop();
      throw error;
    }
    if (delivery) {
      await feed.subscribe(demo.catalogue).catch((error: unknown) => {
        log.warn('demo activity feed not subscribed', { error: String(error) });
      });
    }
    return demo;
  }

  async function stop() {
    const demo = running;
    running = null;
    // The services first, so no delivery is cut off by a closing receiver.
    if (demo)
      await demo.then(
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
      const demo = await running;
      log.info('demo workspace running', { url: demo.messagingUrl });
      return { baseUrl: demo.messagingUrl };
    },
    stop,
    async reset() {
      await stop();
      await (await options.services()).erase(dataDir);
      feed.clear();
    },
  };
}
