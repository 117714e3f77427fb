import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core/create-core.ts';
import { launchChildProcess } from '../../../main/sandbox/demo-process/child-process-demo.ts';
import { forkedDemo } from '../../../main/sandbox/demo-process/forked-demo.ts';
import type { ConversationSummary } from '../../../shared/model/conversation.ts';
import { processAlive } from '../../support/process-alive.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';
import { plainNodeDeps } from '../core-harness.ts';

/**
 * The demo workspace's services run in a process of their own, started as
 * the app's Node hosts start it; the core speaks to them over HTTP only.
 */
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A core on a fresh data directory (so it opens the demo), with the pid of every demo process. */
async function startDemoCore(): Promise<{ core: Core; pids: number[]; stop(): Promise<void> }> {
  const dataDir = makeTempDir('parley-demo-process-');
  const pids: number[] = [];
  const services = forkedDemo((entry) => {
    const child = launchChildProcess(entry);
    if (child.pid !== undefined) pids.push(child.pid);
    return child;
  });
  const core = createCore(plainNodeDeps(dataDir, { demo: async () => services }));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await core.stop();
  };
  cleanups.push(() => removeTempDir(dataDir));
  cleanups.push(stop);
  await core.start();
  return { core, pids, stop };
}

async function invoke<T>(core: Core, channel: string, request: unknown = {}): Promise<T> {
  const answer = await core.router.handle(channel, request);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
  return answer.value as T;
}

const ALL = { filter: 'all', offset: 0, limit: 10 };

async function conversations(core: Core): Promise<ConversationSummary[]> {
  await expect
    .poll(async () => (await invoke<{ total: number }>(core, 'conversations:list', ALL)).total, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  return (await invoke<{ items: ConversationSummary[] }>(core, 'conversations:list', ALL)).items;
}

/** Kills the demo's process once it has served the list, and waits until its address is down. */
async function killServices(core: Core, pids: number[]) {
  const [first] = await conversations(core);
  const { baseUrl } = await invoke<{ baseUrl: string }>(core, 'session:get');
  process.kill(pids.at(-1) as number, 'SIGKILL');
  const answers = () =>
    fetch(baseUrl).then(
      () => true,
      () => false,
    );
  await expect.poll(answers).toBe(false);
  return { conversationId: first?.id, baseUrl };
}

const allSent = (core: Core) =>
  expect
    .poll(async () => (await invoke<{ pendingWrites: number }>(core, 'status:get')).pendingWrites, {
      timeout: 15_000,
    })
    .toBe(0);

describe("the demo workspace's services", () => {
  it('run in a process of their own, which ends with the app', async () => {
    const { core, pids, stop } = await startDemoCore();
    await conversations(core);
    expect(pids).toHaveLength(1);
    const [pid] = pids as [number];
    expect(pid).not.toBe(process.pid);
    expect(processAlive(pid)).toBe(true);

    await stop();
    await expect.poll(() => processAlive(pid), { timeout: 10_000 }).toBe(false);
  }, 30_000);

  it('start again on the same address when their process dies, and what was sent meanwhile arrives', async () => {
    const { core, pids } = await startDemoCore();
    const { conversationId, baseUrl } = await killServices(core, pids);

    const sent = await invoke<{ messageId: string }>(core, 'messages:send', {
      conversationId,
      text: 'written while the demo was down',
    });

    await expect.poll(() => pids.length, { timeout: 10_000 }).toBe(2);
    expect(processAlive(pids[1] as number)).toBe(true);
    expect(await invoke(core, 'session:get')).toMatchObject({ baseUrl, state: 'signed-in' });
    await allSent(core);
    const thread = await invoke<{ items: { id: string; text: string }[] }>(core, 'messages:page', {
      conversationId,
      limit: 5,
    });
    const arrived = thread.items.find(
      (message) => message.text === 'written while the demo was down',
    );
    expect(arrived).toBeDefined();
    expect(arrived?.id).not.toBe(sent.messageId);
  }, 40_000);

  it('move the workspace to a new address when another program took theirs meanwhile', async () => {
    const { core, pids } = await startDemoCore();
    const { conversationId, baseUrl } = await killServices(core, pids);
    // Another program on the port: it takes connections and drops them.
    const squatter = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) =>
      squatter.listen(Number(new URL(baseUrl).port), '127.0.0.1', resolve),
    );
    cleanups.push(() => new Promise((resolve) => squatter.close(resolve)));

    await expect.poll(() => pids.length, { timeout: 10_000 }).toBe(2);
    await expect
      .poll(async () => (await invoke<{ baseUrl: string }>(core, 'session:get')).baseUrl, {
        timeout: 15_000,
      })
      .not.toBe(baseUrl);
    await invoke(core, 'messages:send', {
      conversationId,
      text: 'written after the move',
    });
    await allSent(core);
  }, 40_000);
});
