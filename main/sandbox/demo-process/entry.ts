import type { DemoCall, DemoProcessMessage, DemoStarted } from './messages.ts';
import { startDemoServices, type RunningDemoServices } from './demo-services.ts';

/**
 * The demo's services in a process of their own, which the app starts
 * (forked-demo.ts): an Electron utility process in the app, a Node child
 * process elsewhere. Their HTTP servers, databases and relay thread then
 * neither hold the main process's event loop nor count in its memory, and a
 * crash of theirs is not the app's.
 */

/** Electron's `process.parentPort` in a utility process, as far as this file uses it. */
interface ElectronParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

interface Parent {
  send(message: DemoProcessMessage): void;
  onCall(listener: (call: DemoCall) => void): void;
}

function parent(): Parent {
  const electron = (process as { parentPort?: ElectronParentPort }).parentPort;
  if (electron !== undefined) {
    return {
      send: (message) => electron.postMessage(message),
      onCall: (listener) => electron.on('message', (event) => listener(event.data as DemoCall)),
    };
  }
  const send = process.send?.bind(process);
  if (send === undefined) throw new Error('demo-process/entry.ts runs as a child of the app');
  // An app that ended without closing the services (killed, crashed) leaves none running.
  process.once('disconnect', () => process.exit(0));
  return {
    send: (message) => void send(message),
    onCall: (listener) => process.on('message', (message) => listener(message as DemoCall)),
  };
}

const app = parent();
let running: RunningDemoServices | null = null;

async function answer(message: DemoCall): Promise<unknown> {
  switch (message.call) {
    case 'start': {
      if (running !== null) throw new Error('the demo services are already running');
      running = await startDemoServices({
        ...message.options,
        log: { warn: (warn, fields) => app.send({ warn, fields }) },
      });
      return { messagingUrl: running.messagingUrl, relay: running.relay } satisfies DemoStarted;
    }
    case 'history':
      if (running === null) throw new Error('the demo services are not running');
      return running.catalogue.history();
    case 'close': {
      const closing = running;
      running = null;
      await closing?.close();
      return null;
    }
  }
}

app.onCall((message) => {
  answer(message).then(
    (value) => app.send({ id: message.id, value }),
    (error: unknown) =>
      app.send({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});
