import { shellLikeCore } from '../../support/shell-like-core.ts';
import type { SyncStatus } from '../../../shared/model/session.ts';
import type { IdleRss } from './host-process.ts';

/**
 * The core as the shell builds it, less Electron: plain-Node ports and the
 * demo's services behind a dynamic import. The startup benchmark bundles this
 * file as the app's main process is bundled and times a process from its
 * start to the answer of its first IPC call, the moment a window could show
 * local data.
 *
 * With `--idle <seconds>` it then starts the core as the app does (a fresh
 * data directory opens the demo workspace; one signed in goes on with its
 * server), waits until sync has nothing left to fetch (when signed in), stays
 * idle that long and reports its resident memory, sampled every second: the
 * median and the largest sample (a background round grows it for a while).
 * Run: node <bundle> <data dir> [--idle <seconds>]
 */
const [dataDir, flag, idleSeconds] = process.argv.slice(2);
if (dataDir === undefined) throw new Error('usage: core-host <data dir> [--idle <seconds>]');
const core = shellLikeCore(dataDir);
const answer = await core.router.handle('session:get', {});
const firstAnswerMs = performance.now();
let rss: IdleRss | undefined;
if (flag === '--idle') {
  await core.start();
  const session = await core.router.handle('session:get', {});
  const signedOut = session.ok && (session.value as { state: string }).state === 'signed-out';
  while (!signedOut) {
    const status = await core.router.handle('status:get', {});
    const value = status.ok ? (status.value as SyncStatus) : null;
    if (
      value?.initialSync.done &&
      value.history.done &&
      value.history.indexed &&
      value.pendingWrites === 0
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const samples: number[] = [];
  for (let second = 0; second < Number(idleSeconds); second++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    samples.push(process.memoryUsage().rss);
  }
  samples.sort((a, b) => a - b);
  rss = { median: samples[Math.floor(samples.length / 2)] ?? NaN, max: samples.at(-1) ?? NaN };
}
process.stdout.write(`${JSON.stringify({ firstAnswerMs, ok: answer.ok, rss })}\n`);
process.exit(0);
