import { randomBytes } from 'node:crypto';
import type {
  Clock,
  DemoServicesLoader,
  Logger,
  RunningDemo,
  SecretName,
  SecretVault,
} from '../ports/ports.ts';
import type { DemoAddress, DemoWorkspace } from '../session/session-service.ts';
import { tightenModes } from '../ports/private-files.ts';
import { DEMO_WEBHOOK_SECRET, type DemoFeed } from './demo-feed.ts';

/** Secrets the app makes for itself: 256 bits, beyond guessing. */
export const GENERATED_SECRET_BYTES = 32;

/**
 * Services that died are started again after this, doubling up to
 * RESTART_MOST_MS while they keep dying within STEADY_MS of their start.
 */
const RESTART_FIRST_MS = 1_000;
const RESTART_MOST_MS = 60_000;
const STEADY_MS = 60_000;

/**
 * The demo workspace over the host's demo services (the sandbox, in a process of its own):
 * loaded on first use, data in the app's data directory (so it survives
 * restarts), its own token and webhook secret kept in the vault. Its
 * catalogue delivers a stream of signed events over HTTPS to the demo's own
 * relay, which the core pulls from (the feed).
 *
 * Services that die (their process crashed or was killed) are started again,
 * on the port they had: the session goes on with the same address, and its
 * sync finds the server back as after any outage. Should another program
 * have taken that port meanwhile, they start on another, and the session is
 * told to move there (`onMoved`).
 */
export function createDemoWorkspace(options: {
  dataDir: string;
  vault: SecretVault;
  log: Logger;
  feed: DemoFeed;
  services: DemoServicesLoader;
  clock: Clock;
}): DemoWorkspace {
  const { vault, log, feed, clock } = options;
  const { dataDir } = options;
  let running: Promise<RunningDemo & { token: string }> | null = null;
  let restart: { cancel(): void } | null = null;
  let restartMs = RESTART_FIRST_MS;
  /** Between the session's asking for the demo and its stopping it: only then is a restart wanted. */
  let wanted = false;
  let lastUrl: string | null = null;
  let moved: (address: DemoAddress) => void = () => {};

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
    const services = await options.services();
    const demo = await services.start({ dataDir, token, webhookSecret, log });
    // The services write their data files with the process's default mode.
    tightenModes(dataDir);
    // The activity is an extra: when its relay cannot be followed, the demo still opens.
    if (demo.relay !== null) {
      await feed.follow(demo.relay, demo.catalogue).catch((error) => {
        log.warn('demo activity feed not followed', { error: String(error) });
      });
    }
    return { ...demo, token };
  }

  function ensureRunning(): Promise<RunningDemo & { token: string }> {
    if (running !== null) return running;
    const startedAt = clock.now();
    const starting = start();
    running = starting;
    starting.then(
      (demo) => void demo.died.then((why) => restartAfterDeath(starting, why, startedAt)),
      () => {
        if (running === starting) running = null;
      },
    );
    return starting;
  }

  function restartAfterDeath(dead: Promise<unknown>, why: string, startedAt: number) {
    // Stopped, or already started again, meanwhile.
    if (running !== dead) return;
    running = null;
    void feed.stop();
    if (clock.now() - startedAt >= STEADY_MS) restartMs = RESTART_FIRST_MS;
    scheduleRestart(why);
  }

  function scheduleRestart(why: string) {
    const wait = restartMs;
    restartMs = Math.min(restartMs * 2, RESTART_MOST_MS);
    log.error("the demo workspace's services stopped; starting them again", { why, inMs: wait });
    restart = clock.setTimeout(() => {
      restart = null;
      ensureRunning().then(
        (demo) => {
          if (!wanted || demo.messagingUrl === lastUrl) return;
          lastUrl = demo.messagingUrl;
          log.warn('the demo workspace came back on another address', { url: demo.messagingUrl });
          moved({ baseUrl: demo.messagingUrl, token: demo.token });
        },
        (error: unknown) => {
          if (wanted) scheduleRestart(String(error));
        },
      );
    }, wait);
  }

  async function stop() {
    wanted = false;
    restart?.cancel();
    restart = null;
    const demo = running;
    running = null;
    const started = await demo?.catch(() => null);
    // The app stops pulling first, so the relay closing under it is not reported as trouble.
    await feed.stop();
    await started?.close();
  }

  return {
    async ensureRunning() {
      wanted = true;
      const demo = await ensureRunning();
      lastUrl = demo.messagingUrl;
      log.info('demo workspace running', { url: demo.messagingUrl });
      return { baseUrl: demo.messagingUrl, token: demo.token };
    },
    onMoved(listener) {
      moved = listener;
    },
    stop,
    async reset() {
      await stop();
      await (await options.services()).erase(dataDir);
      await feed.clear();
    },
  };
}
