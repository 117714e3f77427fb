import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { launchUtilityProcess } from '../../main/shell/demo-process.ts';
import { forkedDemo, type DemoProcess } from '../../main/sandbox/demo-process/forked-demo.ts';
import { standIn } from '../support/electron-stand-in.ts';
import { processAlive } from '../support/process-alive.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

/**
 * Wiring: the shell runs the demo's services in a utility process. The
 * stand-in's utility process is a real child whose code sees Electron's
 * `process.parentPort`, so the services' entry takes the path it takes in the app.
 */
let dataDir = '';
beforeEach(() => {
  standIn.reset();
  dataDir = makeTempDir('parley-utility-demo-');
});
afterEach(() => removeTempDir(dataDir));

describe('demo services wiring (Electron stand-in)', () => {
  it('starts the services in a named utility process, speaks to them, and ends it on close', async () => {
    const warnings: string[] = [];
    const children: DemoProcess[] = [];
    const services = forkedDemo((entry) => {
      const child = launchUtilityProcess(entry);
      children.push(child);
      return child;
    });
    const demo = await services.start({
      dataDir,
      token: 'demo-token-for-the-wiring-test',
      webhookSecret: 'demo-secret',
      log: { warn: (message) => warnings.push(message) },
    });
    const [[entry, , options]] = standIn.callsTo('utilityProcess.fork') as [
      [string, string[], { serviceName: string }],
    ];
    expect(entry).toMatch(/demo-process\/entry\.ts$/);
    expect(options.serviceName).toBe('Parley demo services');
    expect(children).toHaveLength(1);
    // Read once the services have answered: a utility process has no pid before it has spawned.
    const pid = children[0]?.pid;
    expect(pid).toBeTypeOf('number');

    const listed = await fetch(`${demo.messagingUrl}/v1/conversations?limit=1`, {
      headers: { authorization: 'Bearer demo-token-for-the-wiring-test' },
    });
    expect(listed.status).toBe(200);
    expect(demo.relay?.ca).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect((await demo.catalogue.history()).length).toBeGreaterThan(10);

    const { port } = new URL(demo.messagingUrl);
    await demo.close();
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    await expect.poll(() => processAlive(pid as number)).toBe(false);
    expect(children[0]?.pid).toBeUndefined();
    expect(warnings).toEqual([]);
  }, 30_000);
});
