import { fork } from 'node:child_process';
import { forkedDemo, type DemoProcessLauncher } from './forked-demo.ts';
import type { DemoProcessMessage } from './messages.ts';

/**
 * The demo's process as a Node child process, for hosts that are not
 * Electron (the preview, the tests and benchmarks). Not the parent's flags:
 * a test runner's loaders are not the services'.
 */
export const launchChildProcess: DemoProcessLauncher = (entry) => {
  const child = fork(entry, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = Promise.withResolvers<number | null>();
  child.once('exit', (code) => exited.resolve(code));
  // A process that could not be started emits `error` and no `exit`.
  child.on('error', () => {
    if (child.pid === undefined) exited.resolve(null);
  });
  return {
    get pid() {
      return child.pid;
    },
    send: (call) => {
      if (child.connected) child.send(call);
    },
    onMessage: (listener) =>
      child.on('message', (message) => listener(message as DemoProcessMessage)),
    onExit: (listener) => void exited.promise.then(listener),
    kill: () => void child.kill(),
  };
};

/** The demo's services in a Node child process, as Node hosts hand them to the core. */
export const childProcessDemo = forkedDemo(launchChildProcess);
