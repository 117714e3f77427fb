/**
 * Startup benchmark: how much of the main process a launch reads, and how
 * long the core takes from process start to its first IPC answer, each beside
 * a baseline built in the same run: the same code bundled as one file (no
 * code splitting), as the main process was built before. The cold start is
 * timed on a Node host that builds the core as the shell does (Electron does
 * not run here), in fresh processes, split and one-file interleaved.
 * Run: npx node test/bench/startup.bench.ts [runs]
 */
import type { Metafile } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { readAtLaunch } from '../support/bundle-outputs.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';
import { bundleMainProcess, idleRssWords, NO_RSS, runCoreHost } from './startup/host-process.ts';

const RUNS = Number(process.argv[2] ?? 15);
/** Long enough for the checkpoint worker to have left after the last write. */
const IDLE_SECONDS = 35;
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const work = makeTempDir('parley-startup-bench-');

async function bundle(entry: string, name: string, splitting: boolean) {
  const built = await bundleMainProcess(entry, join(work, name), splitting);
  return { entry: built.entry, sizes: launchSizes(built.metafile, join(work, name)) };
}

/** The entry chunk, everything a launch reads (the entry and what it imports statically), and the rest. */
function launchSizes(metafile: Metafile, outdir: string) {
  const outputs = metafile.outputs;
  const eager = readAtLaunch(metafile);
  const entry = eager[0] ?? outdir;
  const total = Object.values(outputs).reduce((sum, output) => sum + output.bytes, 0);
  const atLaunch = eager.reduce((sum, path) => sum + (outputs[path]?.bytes ?? 0), 0);
  return { entry: outputs[entry]?.bytes ?? 0, atLaunch, lazy: total - atLaunch };
}

function firstAnswerMs(bundlePath: string): number {
  const dataDir = mkdtempSync(join(work, 'data-'));
  try {
    return runCoreHost(bundlePath, dataDir).firstAnswerMs;
  } finally {
    removeTempDir(dataDir);
  }
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  NaN;

try {
  const [app, appOneFile, host, hostOneFile] = await Promise.all([
    bundle('main/shell/main.ts', 'app', true),
    bundle('main/shell/main.ts', 'app-one-file', false),
    bundle('test/bench/startup/core-host.ts', 'host', true),
    bundle('test/bench/startup/core-host.ts', 'host-one-file', false),
  ]);
  process.stdout.write(
    `main process (main/shell/main.ts), as built by esbuild.config.ts:\n` +
      `  entry chunk ${mb(app.sizes.entry)}; read at launch ${mb(app.sizes.atLaunch)}; ` +
      `loaded on demand ${mb(app.sizes.lazy)}\n` +
      `  baseline, one file: ${mb(appOneFile.sizes.entry)}, all read at launch\n`,
  );

  const split: number[] = [];
  const oneFile: number[] = [];
  firstAnswerMs(host.entry); // warms the disk cache for both, so neither pays for it alone
  firstAnswerMs(hostOneFile.entry);
  for (let run = 0; run < RUNS; run += 1) {
    split.push(firstAnswerMs(host.entry));
    oneFile.push(firstAnswerMs(hostOneFile.entry));
  }
  const line = (name: string, values: number[]) =>
    `  ${name.padEnd(22)} p50 ${percentile(values, 0.5).toFixed(0)} ms, ` +
    `min ${Math.min(...values).toFixed(0)} ms, p90 ${percentile(values, 0.9).toFixed(0)} ms\n`;
  process.stdout.write(
    `core cold start, process start to first IPC answer (${RUNS} runs each, interleaved):\n` +
      line('code splitting', split) +
      line('baseline, one file', oneFile) +
      `load average ${loadAverage()}\n`,
  );

  const idle = (where: string[]) =>
    runCoreHost(host.entry, mkdtempSync(join(work, 'demo-')), [
      '--idle',
      String(IDLE_SECONDS),
      ...where,
    ]);
  const own = idle([]);
  const inside = idle(['--demo-in-process']);
  process.stdout.write(
    `core's memory idle with the demo workspace, after its sync: ` +
      `${idleRssWords(own.rss ?? NO_RSS, IDLE_SECONDS)}; its services' process ` +
      `${idleRssWords(own.childRss ?? NO_RSS, IDLE_SECONDS)} ` +
      `(baseline, the services in the core's process: ` +
      `${idleRssWords(inside.rss ?? NO_RSS, IDLE_SECONDS)}) [load average ${loadAverage()}]\n`,
  );
} finally {
  removeTempDir(work);
}
