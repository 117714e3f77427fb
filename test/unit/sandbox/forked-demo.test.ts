import { describe, expect, it } from 'vitest';
import { forkedDemo, type DemoProcess } from '../../../main/sandbox/demo-process/forked-demo.ts';
import type { DemoCall, DemoProcessMessage } from '../../../main/sandbox/demo-process/messages.ts';

/** A demo process that answers as `answer` says, and ends when killed or told to die. */
function fakeProcess(answer: (call: DemoCall) => DemoProcessMessage | null) {
  let onMessage: (message: DemoProcessMessage) => void = () => {};
  let onExit: (code: number | null) => void = () => {};
  const calls: DemoCall['call'][] = [];
  let alive = true;
  const end = (code: number | null) => {
    if (!alive) return;
    alive = false;
    onExit(code);
  };
  const child: DemoProcess = {
    pid: 4242,
    send(call) {
      calls.push(call.call);
      const reply = answer(call);
      if (reply !== null) queueMicrotask(() => onMessage(reply));
    },
    onMessage: (listener) => (onMessage = listener),
    onExit: (listener) => (onExit = listener),
    kill: () => end(null),
  };
  return {
    child,
    calls,
    die: (code: number) => end(code),
    warn: (m: DemoProcessMessage) => onMessage(m),
  };
}

const started = { messagingUrl: 'http://127.0.0.1:1', relay: null };
const options = { dataDir: '/nowhere', token: 't', webhookSecret: 's' };

describe('the demo services over their process', () => {
  it('a start the services refuse fails with their words, and the process is ended', async () => {
    const fake = fakeProcess((call) =>
      call.call === 'start' ? { id: call.id, error: 'port in use' } : { id: call.id, value: null },
    );
    const services = forkedDemo(() => fake.child);
    const warnings: string[] = [];
    await expect(
      services.start({ ...options, log: { warn: (message) => warnings.push(message) } }),
    ).rejects.toThrow('port in use');
    expect(fake.calls).toEqual(['start', 'close']);
  });

  it('a process that dies fails the calls under way and every later one, and says why once', async () => {
    const fake = fakeProcess((call) =>
      call.call === 'start' ? { id: call.id, value: started } : null,
    );
    const warnings: string[] = [];
    const demo = await forkedDemo(() => fake.child).start({
      ...options,
      log: { warn: (message) => warnings.push(message) },
    });
    expect(demo.messagingUrl).toBe(started.messagingUrl);
    fake.warn({ warn: 'demo relay', fields: { line: 'trouble' } });
    expect(warnings).toEqual(['demo relay']);

    const underWay = demo.catalogue.history();
    fake.die(137);
    await expect(underWay).rejects.toThrow("the demo's services stopped (exit code 137)");
    await expect(demo.died).resolves.toBe("the demo's services stopped (exit code 137)");
    await expect(demo.catalogue.history()).rejects.toThrow('exit code 137');
    await demo.close();
  });

  it('closing asks the services to close before the process ends, and is no death', async () => {
    const fake = fakeProcess((call) => ({
      id: call.id,
      value: call.call === 'start' ? started : null,
    }));
    const demo = await forkedDemo(() => fake.child).start({ ...options, log: { warn() {} } });
    await demo.close();
    expect(fake.calls).toEqual(['start', 'close']);
    const died = await Promise.race([
      demo.died,
      new Promise((resolve) => setTimeout(resolve, 20, 'alive')),
    ]);
    expect(died).toBe('alive');
  });
});
