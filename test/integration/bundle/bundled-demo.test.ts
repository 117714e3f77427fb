import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { mainProcessBuild } from '../../../esbuild.config.ts';
import { loadableByMain, readAtLaunch } from '../../support/bundle-outputs.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';

/**
 * The packaged app runs the main process from esbuild's bundle, where files
 * sit elsewhere than in the source: the demo's relay starts its store thread
 * from a file, which must be there. Electron does not run here, so the core
 * is bundled as the shell is (esbuild.config.ts) around a Node host and run.
 * A launch that uses no relay reads none of its code (the pull client and the
 * relay are reached only through import()).
 */
const work = makeTempDir('parley-bundle-');
afterAll(() => removeTempDir(work));

function run(bundle: string, dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(out))));
  });
}

describe('the main process bundle', () => {
  it.each([
    ['split into chunks, as the app is built', true],
    ['in one file, as the startup benchmark’s baseline is', false],
  ])(
    'runs the demo through its relay when %s',
    async (_, splitting) => {
      const outdir = join(work, splitting ? 'split' : 'one-file');
      const { metafile } = await build({
        ...mainProcessBuild(join(import.meta.dirname, 'demo-host.ts'), outdir, splitting),
        sourcemap: false,
        metafile: true,
        logLevel: 'silent',
      });
      expect(existsSync(join(outdir, 'chunks/relay-store-thread.mjs'))).toBe(true);
      if (splitting) {
        // A launch reads none of the relay's code: the pull client's, or the demo's relay.
        const read = readAtLaunch(metafile).flatMap((output) =>
          Object.keys(metafile.outputs[output]?.inputs ?? {}),
        );
        expect(read).toContain('main/core/create-core.ts');
        expect(read.filter((input) => /^main\/(core\/)?relay\//.test(input))).toEqual([]);
        // The demo's servers run in a process of their own: the main process never loads them.
        const loadable = loadableByMain(metafile).flatMap((output) =>
          Object.keys(metafile.outputs[output]?.inputs ?? {}),
        );
        expect(loadable).toContain('main/sandbox/demo-process/forked-demo.ts');
        expect(
          loadable
            .filter((input) => /^main\/(sandbox|relay)\/|node_modules\/fastify\//.test(input))
            .sort(),
        ).toEqual([
          'main/sandbox/demo-process/child-process-demo.ts',
          'main/sandbox/demo-process/demo-files.ts',
          'main/sandbox/demo-process/forked-demo.ts',
        ]);
        // Of zod's locales, only the English the app speaks (esbuild.config.ts).
        expect(read.filter((input) => /^node_modules\/zod\/v4\/locales\//.test(input))).toEqual([
          'node_modules/zod/v4/locales/en.js',
        ]);
      }

      const dataDir = makeTempDir('parley-bundle-data-');
      try {
        const report = JSON.parse(await run(join(outdir, 'main.mjs'), dataDir));
        expect(report.activity).toBeGreaterThanOrEqual(9);
        expect(report.relays).toContainEqual(
          expect.objectContaining({ source: 'demo', state: 'connected' }),
        );
        expect(report.refused).toMatch(/^filter: Invalid /);
        // The core's history writer starts its thread from the bundle's own file too.
        const writer = new Worker(join(outdir, 'chunks/history-writer-thread.mjs'), {
          workerData: { file: join(dataDir, 'parley.db') },
        });
        const failure = new Promise((resolve) => writer.once('error', resolve));
        const exited = new Promise((resolve) => writer.once('exit', resolve));
        writer.postMessage('close');
        expect(await Promise.race([exited, failure.then((error) => String(error))])).toBe(0);
      } finally {
        removeTempDir(dataDir);
      }
    },
    90_000,
  );
});
