import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core/create-core.ts';
import { memoryVault } from '../../../main/core/ports/node-adapters.ts';
import type { SecretVault } from '../../../main/core/ports/ports.ts';
import type { ConversationSummary } from '../../../shared/model/conversation.ts';
import { plainNodeDeps } from '../core-harness.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function invoke<T>(core: Core, channel: string, request: unknown = {}): Promise<T> {
  const answer = await core.router.handle(channel, request);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
  return answer.value as T;
}

/** A core on `dataDir` with the demo workspace open and synced; stopped after the test. */
async function demoCore(dataDir: string, vault: SecretVault) {
  const core = createCore(plainNodeDeps(dataDir, { vault }));
  let stopped = false;
  const stop = async () => {
    if (!stopped) await core.stop();
    stopped = true;
  };
  cleanups.push(stop);
  await core.start();
  await invoke(core, 'sync:now');
  const { baseUrl } = await invoke<{ baseUrl: string }>(core, 'session:get');
  return { core, baseUrl, stop };
}

async function avatarUrls(core: Core): Promise<string[]> {
  const { items } = await invoke<{ items: ConversationSummary[] }>(core, 'conversations:list', {
    filter: 'all',
    offset: 0,
    limit: 50,
  });
  return items.flatMap((c) => (c.avatarUrl ? [c.avatarUrl] : []));
}

const loads = async (url: string) => (await fetch(url)).status === 200;

describe('the demo workspace’s images', () => {
  it('come from its own loopback service, and stay loadable after a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'parley-demo-images-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const vault = memoryVault();

    const first = await demoCore(dataDir, vault);
    const stored = await avatarUrls(first.core);
    expect(stored.length).toBeGreaterThan(5);
    for (const url of stored) expect(url.startsWith(`${first.baseUrl}/`)).toBe(true);
    expect(await loads(stored[0]!)).toBe(true);
    await first.stop();

    // The URLs the app stored name the first run's port: the demo comes back on it.
    const again = await demoCore(dataDir, vault);
    expect(again.baseUrl).toBe(first.baseUrl);
    expect(await loads(stored[0]!)).toBe(true);
  });

  it('starts on another port when its last one is taken', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'parley-demo-images-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const vault = memoryVault();
    const first = await demoCore(dataDir, vault);
    await first.stop();

    const squatter: Server = createServer();
    await new Promise<void>((resolve) =>
      squatter.listen(Number(new URL(first.baseUrl).port), '127.0.0.1', resolve),
    );
    cleanups.push(() => new Promise((resolve) => squatter.close(resolve)));
    const again = await demoCore(dataDir, vault);
    expect(again.baseUrl).not.toBe(first.baseUrl);
    const [avatar] = await avatarUrls(again.core);
    expect(avatar?.startsWith(`${again.baseUrl}/`)).toBe(true);
    expect(await loads(avatar!)).toBe(true);
  });
});
