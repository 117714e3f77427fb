import { afterEach, describe, expect, it } from 'vitest';
import type { DemoFeed } from '../../../main/core/demo/demo-feed.ts';
import { createDemoWorkspace } from '../../../main/core/demo/demo-workspace.ts';
import { memoryVault, silentLogger } from '../../../main/core/ports/node-adapters.ts';
import type { DemoServices, RunningDemo } from '../../../main/core/ports/ports.ts';
import { manualClock } from '../../support/manual-clock.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';

/** Demo services whose every start can be made to die, counted. */
function dyingServices() {
  const deaths: ((why: string) => void)[] = [];
  let closed = 0;
  let gate: PromiseWithResolvers<void> | null = null;
  const services: DemoServices = {
    async start(): Promise<RunningDemo> {
      if (gate !== null) await gate.promise;
      const died = Promise.withResolvers<string>();
      deaths.push(died.resolve);
      return {
        messagingUrl: 'http://127.0.0.1:4000',
        relay: null,
        catalogue: { history: async () => [] },
        died: died.promise,
        close: async () => void (closed += 1),
      };
    },
    erase: async () => {},
  };
  return {
    services,
    starts: () => deaths.length,
    closed: () => closed,
    kill: () => deaths.at(-1)?.('the process was killed'),
    /** Later starts wait until the gate is opened, or fail when it is. */
    hold: () => (gate = Promise.withResolvers<void>()),
  };
}

const feed = { stop: async () => {}, clear: async () => {} } as unknown as DemoFeed;

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeTempDir));

function workspace() {
  const clock = manualClock();
  const demo = dyingServices();
  const dataDir = makeTempDir('parley-demo-restart-');
  dirs.push(dataDir);
  const space = createDemoWorkspace({
    dataDir,
    vault: memoryVault(),
    log: silentLogger,
    feed,
    services: async () => demo.services,
    clock,
  });
  return { clock, demo, space };
}

describe('the demo workspace when its services die', () => {
  it('starts them again after a second, waiting twice as long each time they die again soon', async () => {
    const { clock, demo, space } = workspace();
    await space.ensureRunning();
    const waits: number[] = [];
    for (let death = 0; death < 4; death++) {
      const before = clock.now();
      demo.kill();
      const starts = demo.starts();
      while (demo.starts() === starts) await clock.advance(100);
      waits.push(Math.round((clock.now() - before) / 100) * 100);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000]);

    // Services that ran for a while before dying are back after a second again.
    await clock.advance(120_000);
    const before = clock.now();
    demo.kill();
    const starts = demo.starts();
    while (demo.starts() === starts) await clock.advance(100);
    expect(clock.now() - before).toBe(1_000);
  });

  it('leaves services stopped on purpose stopped, and no start waiting', async () => {
    const { clock, demo, space } = workspace();
    await space.ensureRunning();
    demo.kill();
    await clock.advance(10);
    await space.stop();
    await clock.advance(120_000);
    expect(demo.starts()).toBe(1);
    expect(clock.pending).toEqual([]);
  });

  it('does not try again when a restart under way fails after the demo was stopped', async () => {
    const { clock, demo, space } = workspace();
    await space.ensureRunning();
    const gate = demo.hold();
    demo.kill();
    await clock.advance(1_000);
    const stopping = space.stop();
    gate.reject(new Error('no port'));
    await stopping;
    await clock.advance(120_000);
    expect(clock.pending).toEqual([]);
  });
});
