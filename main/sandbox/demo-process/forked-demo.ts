import { fileURLToPath } from 'node:url';
import { eraseDemoData } from './demo-files.ts';
import type { DemoServicesOptions } from './demo-services.ts';
import type { DemoCall, DemoProcessMessage, DemoRequest, DemoStarted } from './messages.ts';

/**
 * The demo's services as the app's hosts hand them to the core (its
 * DemoServices port), each start a process of their own (entry.ts). Hosts
 * load this file with import(), so a launch that opens no demo reads none of
 * it, and say how a process is started: Electron's utilityProcess in the app
 * (main/shell/demo-process.ts), Node's fork elsewhere (child-process-demo.ts).
 *
 * Run from source, the process runs entry.ts; in the app's bundle it is an
 * entry of its own beside main.mjs, whose path from this code's chunk
 * esbuild defines (esbuild.config.ts).
 */
declare const PARLEY_DEMO_PROCESS: string | undefined;
const ENTRY = fileURLToPath(
  new URL(
    typeof PARLEY_DEMO_PROCESS === 'string' ? PARLEY_DEMO_PROCESS : './entry.ts',
    import.meta.url,
  ),
);

/** How long the services get to close (their databases, the relay's thread) before they are killed. */
const CLOSE_MS = 5_000;

/** A started process, as this file speaks to it. */
export interface DemoProcess {
  /** While it runs: undefined before it has spawned (Electron) and after it exited. */
  readonly pid: number | undefined;
  send(call: DemoCall): void;
  onMessage(listener: (message: DemoProcessMessage) => void): void;
  /** Once, when the process has ended (or failed to start), with its exit code if it had one. */
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}

export type DemoProcessLauncher = (entry: string) => DemoProcess;

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export function forkedDemo(launch: DemoProcessLauncher) {
  async function start(options: DemoServicesOptions) {
    const { log, ...plain } = options;
    const child = launch(ENTRY);
    const waiting = new Map<number, Waiting>();
    let calls = 0;
    let closing = false;
    /** Why the process is gone, once it is: a call then fails at once rather than waits forever. */
    let gone: string | null = null;
    const ended = Promise.withResolvers<number | null>();
    const died = Promise.withResolvers<string>();

    child.onMessage((message) => {
      if ('warn' in message) return log.warn(message.warn, message.fields);
      const call = waiting.get(message.id);
      waiting.delete(message.id);
      if ('error' in message) call?.reject(new Error(message.error));
      else call?.resolve(message.value);
    });
    child.onExit((code) => {
      gone = `the demo's services stopped (exit code ${code ?? 'none'})`;
      for (const call of waiting.values()) call.reject(new Error(gone));
      waiting.clear();
      ended.resolve(code);
      if (!closing) died.resolve(gone);
    });
    const ask = (request: DemoRequest) =>
      new Promise<unknown>((resolve, reject) => {
        if (gone !== null) return reject(new Error(gone));
        const id = (calls += 1);
        waiting.set(id, { resolve, reject });
        child.send({ ...request, id });
      });

    async function close(): Promise<void> {
      if (closing) return void (await ended.promise);
      closing = true;
      const timer = setTimeout(() => child.kill(), CLOSE_MS);
      await ask({ call: 'close' }).catch(() => undefined);
      child.kill();
      await ended.promise;
      clearTimeout(timer);
    }

    let started: DemoStarted;
    try {
      started = (await ask({ call: 'start', options: plain })) as DemoStarted;
    } catch (error) {
      await close();
      throw error;
    }
    return {
      ...started,
      catalogue: { history: async () => (await ask({ call: 'history' })) as string[] },
      died: died.promise,
      close,
    };
  }

  return { start, erase: eraseDemoData };
}
