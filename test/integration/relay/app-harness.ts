import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { createCore, type Core } from '../../../main/core/create-core.ts';
import {
  confStore,
  memoryVault,
  recordingNotifier,
} from '../../../main/core/ports/node-adapters.ts';
import type { SecretVault } from '../../../main/core/ports/ports.ts';
import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { ActivityItem } from '../../../shared/model/activity.ts';
import type { RelayStatus, RelayTestResult } from '../../../shared/model/relay.ts';
import { relayCertificate } from '../../relay/relay-harness.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';
import { plainNodeDeps } from '../core-harness.ts';

/**
 * This process trusts the test relays' certificate as a shop's computer
 * trusts a relay's real one (the core adds no trust of its own for a user's
 * relay): added to the default authorities, as NODE_EXTRA_CA_CERTS would.
 */
export async function trustTestRelays(): Promise<void> {
  const { cert } = await relayCertificate();
  const current = getCACertificates('default');
  if (!current.includes(cert)) setDefaultCACertificates([...current, cert]);
}

export interface App {
  core: Core;
  dataDir: string;
  vault: SecretVault;
  notifier: ReturnType<typeof recordingNotifier>;
  events: CoreEvent[];
  /** Ids of the items of every `activity` event, in the order announced. */
  announced(): string[];
  /** The user's relay as the core reports it; undefined while none is in use. */
  relay(): Promise<RelayStatus | undefined>;
  configure(url: string, token?: string): Promise<{ ok: boolean; message: string }>;
  test(url: string, token?: string): Promise<RelayTestResult>;
  activity(): Promise<ActivityItem[]>;
  /** Stops the core and keeps its data, to start an app on it again. */
  close(): Promise<void>;
  /** Stops the core and removes its data. */
  stop(): Promise<void>;
}

/**
 * A real core, signed out of any messaging server (the demo's activity would
 * mix in), on a fresh data directory, or on an earlier app's data and vault
 * to start it again.
 */
export async function startApp(
  earlier: { dataDir: string; vault: SecretVault } = {
    dataDir: makeTempDir('parley-relay-app-'),
    vault: memoryVault(),
  },
): Promise<App> {
  const { dataDir, vault } = earlier;
  const preferences = confStore(dataDir);
  preferences.set('session', { mode: 'signed-out' });
  const notifier = recordingNotifier();
  const core = createCore(plainNodeDeps(dataDir, { vault, preferences, notifier }));
  const events: CoreEvent[] = [];
  core.onEvent((event) => events.push(event));
  await core.start();

  async function value<T>(channel: string, request: unknown = {}): Promise<T> {
    const answer = await core.router.handle(channel, request);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
    return answer.value as T;
  }

  let stopped = false;
  const close = async () => {
    if (stopped) return;
    stopped = true;
    await core.stop();
  };
  return {
    core,
    dataDir,
    vault,
    notifier,
    events,
    announced: () =>
      events.flatMap((event) => (event.type === 'activity' ? event.items.map((i) => i.id) : [])),
    async relay() {
      const { relays } = await value<{ relays: RelayStatus[] }>('relay:status');
      return relays.find((status) => status.source === 'catalogue' && status.state !== 'off');
    },
    async configure(url, token) {
      const answer = await core.router.handle('relay:configure', {
        url,
        ...(token !== undefined && { token }),
      });
      return answer.ok ? { ok: true, message: '' } : { ok: false, message: answer.error.message };
    },
    test: (url, token) =>
      value<RelayTestResult>('relay:test', { url, ...(token !== undefined && { token }) }),
    async activity() {
      const page = await value<{ items: ActivityItem[] }>('activity:list', { limit: 200 });
      return page.items;
    },
    close,
    async stop() {
      await close();
      removeTempDir(dataDir);
    },
  };
}
