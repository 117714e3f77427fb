import { createCore, type Core } from '../../../main/core/create-core.ts';
import {
  confStore,
  fileVault,
  silentLogger,
  silentNotifier,
} from '../../../main/core/ports/node-adapters.ts';
import type { SyncStatus } from '../../../shared/model/session.ts';

/**
 * The core as the app builds it (the same ports as the preview: a file vault,
 * a conf store), on `dataDir`, signed out, for a benchmark to sign in. The
 * demo's services are never loaded: a first start would open the demo
 * workspace, so the stored session says signed out before the core starts.
 */
export async function benchCore(dataDir: string) {
  const preferences = confStore(dataDir);
  preferences.set('session', { mode: 'signed-out' });
  const core: Core = createCore({
    dataDir,
    vault: fileVault(dataDir),
    preferences,
    notifier: silentNotifier,
    openExternal: async () => {},
    log: silentLogger,
    demo: () => Promise.reject(new Error('the benchmark never opens the demo workspace')),
  });
  await core.start();

  async function call(channel: string, request: unknown): Promise<unknown> {
    const answer = await core.router.handle(channel, request);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
    return answer.value;
  }

  const status = async () => (await call('status:get', {})) as SyncStatus;

  return {
    core,
    call,
    status,
    /** Asks for the status every few milliseconds until it satisfies `done`. */
    async until(done: (status: SyncStatus) => boolean, everyMs = 5): Promise<SyncStatus> {
      for (;;) {
        const now = await status();
        if (done(now)) return now;
        if (now.connection === 'unauthorized') throw new Error('the server refused the token');
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    },
    close: () => core.stop(),
  };
}
