import { build, type Metafile } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { mainProcessBuild } from '../../../esbuild.config.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';

const root = join(import.meta.dirname, '../../..');

/** `entry` bundled as the app's main process is (esbuild.config.ts), in `outdir`. */
export async function bundleMainProcess(entry: string, outdir: string, splitting: boolean) {
  const { metafile } = await build({
    ...mainProcessBuild(join(root, entry), outdir, splitting),
    sourcemap: false,
    metafile: true,
  });
  return { entry: join(outdir, 'main.mjs'), metafile: metafile as Metafile };
}

/** Resident memory sampled every second of an idle spell, in bytes. */
export interface IdleRss {
  median: number;
  max: number;
}

export const NO_RSS: IdleRss = { median: NaN, max: NaN };

/** How an idle spell's memory reads in a benchmark's line. */
export const idleRssWords = (rss: IdleRss, seconds: number) =>
  `${(rss.median / 1e6).toFixed(0)} MB RSS (median of ${seconds} s idle; largest ${(rss.max / 1e6).toFixed(0)} MB)`;

/** Runs the bundled core host on `dataDir`; what it reports. */
export function runCoreHost(bundle: string, dataDir: string, args: string[] = []) {
  const run = spawnSync(process.execPath, [bundle, dataDir, ...args], { encoding: 'utf8' });
  const line = JSON.parse(run.stdout.trim() || '{}') as {
    firstAnswerMs: number;
    ok: boolean;
    rss?: IdleRss;
    /** Of its child processes: the demo's services, which run in one. */
    childRss?: IdleRss;
  };
  if (run.status !== 0 || !line.ok) throw new Error(`the core host failed: ${run.stderr}`);
  return line;
}

/**
 * The core's resident memory, bundled as in the app, on a data directory (a
 * fresh one opens the demo workspace), once it has synced and sat idle.
 */
export async function idleRss(dataDir: string, idleSeconds: number): Promise<IdleRss> {
  const out = makeTempDir('parley-host-');
  try {
    const host = await bundleMainProcess('test/bench/startup/core-host.ts', out, true);
    return runCoreHost(host.entry, dataDir, ['--idle', String(idleSeconds)]).rss ?? NO_RSS;
  } finally {
    removeTempDir(out);
  }
}
