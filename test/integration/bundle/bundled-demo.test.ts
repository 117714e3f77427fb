import { build, type Metafile } from 'esbuild';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mainProcessBuild } from '../../../esbuild.config.ts';
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

/** The source files in the entry chunk and the chunks it imports statically. */
function readAtLaunch(metafile: Metafile): string[] {
  const outputs = metafile.outputs;
  const eager = new Set<string>();
  const visit = (path: string) => {
    if (eager.has(path)) return;
    eager.add(path);
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(Object.keys(outputs).find((path) => path.endsWith('/main.mjs')) ?? '');
  return [...eager].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}));
}

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
      await build({
        ...mainProcessBuild(join(import.meta.dirname, 'demo-host.ts'), outdir, splitting),
        sourcemap: false,
        logLevel: 'silent',
      });
      expect(existsSync(join(outdir, 'chunks/relay-store-thread.mjs'))).toBe(true);

      const dataDir = makeTempDir('parley-bundle-data-');
      try {
        const report = JSON.parse(await run(join(outdir, 'main.mjs'), dataDir));
        expect(report.activity).toBeGreaterThanOrEqual(9);
        expect(report.relays).toContainEqual(
          expect.objectContaining({ source: 'demo', state: 'connected' }),
        );
      } finally {
        removeTempDir(dataDir);
      }
    },
    90_000,
  );
});
