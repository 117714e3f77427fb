import { createCore, type Core } from '../../main/core/create-core.ts';
import {
  confStore,
  fileVault,
  silentLogger,
  silentNotifier,
} from '../../main/core/ports/node-adapters.ts';
import type { DemoServicesLoader } from '../../main/core/ports/ports.ts';

/**
 * The core as the shell builds it, less Electron: plain-Node ports on
 * `dataDir` and the demo's services behind a dynamic import (in a child
 * process, unless `demo` says otherwise), for hosts that are bundled as the
 * app's main process is and run under Node.
 */
export function shellLikeCore(dataDir: string, demo?: DemoServicesLoader): Core {
  return createCore({
    dataDir,
    vault: fileVault(dataDir),
    preferences: confStore(dataDir),
    notifier: silentNotifier,
    openExternal: async () => {},
    log: silentLogger,
    demo:
      demo ??
      (() =>
        import('../../main/sandbox/demo-process/child-process-demo.ts').then(
          (module) => module.childProcessDemo,
        )),
  });
}
