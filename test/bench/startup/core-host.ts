import { readdirSync, readFileSync } from 'node:fs';
import { shellLikeCore } from '../../support/shell-like-core.ts';
import { procStatFields } from '../proc-stat.ts';
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
 * median and the largest sample (a background round grows it for a while);
 * and that of its child processes (the demo's services), on Linux.
 * `--demo-in-process` runs the demo's services in this process instead.
 * Run: node <bundle> <data dir> [--idle <seconds> [--demo-in-process]]
 */
const [dataDir, flag, idleSeconds, where] = process.argv.slice(2);
if (dataDir === undefined) throw new Error('usage: core-host <data dir> [--idle <seconds>]');
// Through import(), as the shell loads the demo: a launch that times its first answer reads none of it.
const core = shellLikeCore(
  dataDir,
  where === '--demo-in-process'
    ? async () => (await import('./in-process-demo.ts')).inProcessDemo()
    : undefined,
);

/** The resident memory of this process's children, read from /proc (0 where there is none). */
function childrenRss(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const parent = Number(procStatFields(pid)[1]);
      if (parent !== process.pid) continue;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // A process that ended between the listing and the read.
    }
  }
  return total;
}
const median = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN;
const answer = await core.router.handle('session:get', {});
const firstAnswerMs = performance.now();
let rss: IdleRss | undefined;
let childRss: IdleRss | undefined;
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
  const children: number[] = [];
  for (let second = 0; second < Number(idleSeconds); second++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    samples.push(process.memoryUsage().rss);
    children.push(childrenRss());
  }
  rss = { median: median(samples), max: Math.max(...samples) };
  childRss = { median: median(children), max: Math.max(...children) };
}
process.stdout.write(`${JSON.stringify({ firstAnswerMs, ok: answer.ok, rss, childRss })}\n`);
process.exit(0);
