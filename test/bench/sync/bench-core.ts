import type { Core } from '../../../main/core/create-core.ts';
import type * as CoreEntry from './bundled-core-entry.ts';
import type { SyncStatus } from '../../../shared/model/session.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';
import { bundleMainProcess } from '../startup/host-process.ts';

/** The core's code as bench-core uses it: bundled-core-entry.ts. */
export type CoreCode = typeof CoreEntry;

/**
 * The core bundled as the app's main process is (esbuild.config.ts), its
 * worker threads' entries with it, loaded into this process. From source,
 * the history writer's thread spent 0.2–0.3 s of CPU taking its TypeScript
 * apart while the sync it was to store for ran; the app's thread loads a
 * built file in under 0.1 s.
 */
export async function bundledCore(): Promise<{ code: CoreCode; dispose(): void }> {
  const out = makeTempDir('parley-sync-core-');
  const built = await bundleMainProcess('test/bench/sync/bundled-core-entry.ts', out, true);
  return {
    code: (await import(built.entry)) as CoreCode,
    dispose: () => removeTempDir(out),
  };
}

/**
 * The core as the app builds it (`bundledCore`, with the same ports as the
 * preview: a file vault, a conf store), on `dataDir`, signed out, for a
 * benchmark to sign in. The demo's services are never loaded: a first start
 * would open the demo workspace, so the stored session says signed out
 * before the core starts.
 *
 * Every `changes` event is answered as the renderer answers it
 * (renderer/stores/core-events.ts): the conversation list's first page read
 * again (one read at a time, once more if a change came meanwhile) and the
 * filter counts. Those reads run on the main thread too.
 */
export async function benchCore(code: CoreCode, dataDir: string) {
  const preferences = code.confStore(dataDir);
  preferences.set('session', { mode: 'signed-out' });
  const core: Core = code.createCore({
    dataDir,
    vault: code.fileVault(dataDir),
    preferences,
    notifier: code.silentNotifier,
    openExternal: async () => {},
    log: code.silentLogger,
    demo: () => Promise.reject(new Error('the benchmark never opens the demo workspace')),
  });
  await core.start();
  // The window is in sight, as it is while a user signs in and searches, and
  // the renderer says so once it loads. Left unsaid, the core counts itself in
  // the background, where it trims its heap after 5 s without an event: a
  // trim (70–100 ms of the main thread) once landed mid-search and was
  // reported as a 90.6 ms stall that the app never shows a user.
  await call('app:activity', { focused: true, visible: true, openConversationId: null });

  async function call(channel: string, request: unknown): Promise<unknown> {
    const answer = await core.router.handle(channel, request);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
    return answer.value;
  }

  let listing = false;
  let listAgain = false;
  async function readList(): Promise<void> {
    if (listing) return void (listAgain = true);
    listing = true;
    try {
      await core.router.handle('conversations:list', { filter: 'all', offset: 0, limit: 50 });
    } finally {
      listing = false;
    }
    if (listAgain) {
      listAgain = false;
      await readList();
    }
  }
  core.onEvent((event) => {
    if (event.type !== 'changes') return;
    void readList();
    void core.router.handle('conversations:counts', {});
  });

  const status = async () => (await call('status:get', {})) as SyncStatus;
  /** Wakes `until` with each status the core publishes, as the renderer hears them. */
  let published: ((status: SyncStatus) => void) | null = null;
  core.onEvent((event) => {
    if (event.type === 'status') published?.(event.status);
  });

  return {
    core,
    call,
    status,
    /**
     * Resolves with the first status that satisfies `done`: a status the core
     * publishes (at once when history completes or the outbox drains), or
     * one read every `everyMs`, for what it publishes batched. Asking every
     * few milliseconds instead cost the main thread as much as a tenth of the
     * initial sync's time, which the app with its window never spends.
     */
    async until(done: (status: SyncStatus) => boolean, everyMs = 50): Promise<SyncStatus> {
      for (;;) {
        const now = await status();
        if (done(now)) return now;
        if (now.connection === 'unauthorized') throw new Error('the server refused the token');
        const heard = await new Promise<SyncStatus | null>((resolve) => {
          const timer = setTimeout(() => resolve(null), everyMs);
          published = (next) => {
            if (!done(next)) return;
            clearTimeout(timer);
            resolve(next);
          };
        });
        published = null;
        if (heard !== null) return heard;
      }
    },
    close: () => core.stop(),
  };
}
