import { createCore, type Core } from '../../main/core/create-core.ts';
import {
  confStore,
  memoryVault,
  recordingNotifier,
  silentLogger,
} from '../../main/core/ports/node-adapters.ts';
import type { CoreDeps } from '../../main/core/ports/ports.ts';
import type { CoreEvent } from '../../shared/ipc/events.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

/** The plain-Node ports the preview and CLI use, quiet, on `dataDir`; any of them replaced. */
export function plainNodeDeps(dataDir: string, overrides: Partial<CoreDeps> = {}): CoreDeps {
  return {
    dataDir,
    vault: memoryVault(),
    preferences: confStore(dataDir),
    notifier: recordingNotifier(),
    openExternal: async () => {},
    log: silentLogger,
    demo: () =>
      import('../../main/sandbox/demo-process/child-process-demo.ts').then(
        (module) => module.childProcessDemo,
      ),
    ...overrides,
  };
}

/** A real core on a temporary data directory, with the events it emitted. */
export function startCore(): {
  core: Core;
  dataDir: string;
  events: CoreEvent[];
  close(): Promise<void>;
} {
  const dataDir = makeTempDir('parley-ipc-');
  const core = createCore(
    plainNodeDeps(dataDir, { vault: memoryVault({ 'messaging-token': 'tok_secret' }) }),
  );
  const events: CoreEvent[] = [];
  core.onEvent((event) => events.push(event));
  return {
    core,
    dataDir,
    events,
    async close() {
      await core.stop();
      removeTempDir(dataDir);
    },
  };
}
