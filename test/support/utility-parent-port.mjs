// Preloaded (--import) into a stand-in utility process (electron-stand-in.ts): gives the child
// Electron's `process.parentPort` over Node's IPC channel, and takes Node's `process.send` away,
// so the child's code finds only what it would find in Electron. Its worker threads load this
// too (they inherit the flags), and are left as they are.
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const send = process.send.bind(process);
  process.parentPort = {
    postMessage: (message) => send(message),
    on: (event, listener) => process.on(event, (data) => listener({ data })),
  };
  process.send = undefined;
  // Electron ends a utility process with the app; a Node child ends with its channel.
  process.once('disconnect', () => process.exit(0));
}
