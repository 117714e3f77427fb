import { utilityProcess } from 'electron';
import type { DemoProcessLauncher } from '../sandbox/demo-process/forked-demo.ts';
import type { DemoProcessMessage } from '../sandbox/demo-process/messages.ts';

/**
 * The demo's services in an Electron utility process: Node in a process of
 * Chromium's, which ends with the app. Electron's recommended home for a
 * service that should not hold the main process or take it down with it.
 */
export const launchUtilityProcess: DemoProcessLauncher = (entry) => {
  const child = utilityProcess.fork(entry, [], {
    serviceName: 'Parley demo services',
    stdio: 'inherit',
  });
  return {
    // Electron sets it once the process has spawned, and clears it once it has exited.
    get pid() {
      return child.pid;
    },
    send: (call) => void child.postMessage(call),
    onMessage: (listener) =>
      child.on('message', (message: unknown) => listener(message as DemoProcessMessage)),
    onExit: (listener) => void child.once('exit', (code: number) => listener(code)),
    kill: () => void child.kill(),
  };
};
