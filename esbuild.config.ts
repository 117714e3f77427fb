import { build, type BuildOptions, type Plugin } from 'esbuild';
import { dirname, resolve, sep } from 'node:path';

/**
 * Bundles the Electron main process (ESM, split into chunks) and the preload
 * (CommonJS, as a sandboxed preload must be) into dist/main. Run by `npm run
 * build:main`; the startup benchmark builds with the same options.
 */
const root = import.meta.dirname;

/**
 * zod re-exports its sixty-odd locales as one namespace (`z.locales`), which
 * esbuild keeps whole once `z` is imported. The app's messages are English,
 * so that list resolves to English alone: 0.36 MB less to read at launch,
 * and 3.5 MB less resident memory just after zod is loaded (the idle figure
 * stayed within its noise). The renderer's bundler already leaves the
 * unused ones out.
 */
const englishZodLocales: Plugin = {
  name: 'english-zod-locales',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${sep}node_modules${sep}zod${sep}`)
        ? { path: resolve(args.resolveDir, args.path), namespace: 'zod-locales' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: dirname(args.path),
    }));
  },
};

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node24',
  external: ['electron'],
  sourcemap: true,
  logLevel: 'warning',
  plugins: [englishZodLocales],
};

/**
 * The demo workspace's services run in a process of their own
 * (main/sandbox/demo-process/), which Node or Electron starts from a file.
 * esbuild leaves `new URL(file, import.meta.url)` as written, so the process
 * is an entry of its own, in chunks/, and the code that starts it (in
 * main.mjs, or a chunk when split) is told its name.
 */
const DEMO_PROCESS = 'chunks/demo-process';
/**
 * The demo's relay keeps its database on a worker thread, started from a
 * file too: an entry of its own beside the relay's code, which only the
 * demo's process runs, so always in chunks/ (main/relay/threaded-event-store.ts).
 */
const RELAY_STORE_THREAD = 'chunks/relay-store-thread';
/**
 * The core stores background history on a worker thread too
 * (main/core/sync/history-writer.ts), started from main.mjs.
 */
const HISTORY_WRITER_THREAD = 'chunks/history-writer-thread';

/**
 * The main process as ESM chunks: what a launch needs is in `main.mjs`, and
 * what is reached only through import() (what starts the demo's process, the
 * relay pull client, certificate generation) sits in chunks/ and is read when
 * first used; the demo's sandbox and relay, only in its process's entry.
 * `splitting: false` gives the one-file bundle the benchmark compares with.
 */
export function mainProcessBuild(entry: string, outdir: string, splitting = true): BuildOptions {
  return {
    ...common,
    entryPoints: {
      main: entry,
      [RELAY_STORE_THREAD]: resolve(root, 'main/relay/event-store-thread.ts'),
      [HISTORY_WRITER_THREAD]: resolve(root, 'main/core/sync/history-writer-thread.ts'),
      [DEMO_PROCESS]: resolve(root, 'main/sandbox/demo-process/entry.ts'),
    },
    outdir,
    format: 'esm',
    splitting,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    define: {
      PARLEY_HISTORY_WRITER_THREAD: JSON.stringify(`./${HISTORY_WRITER_THREAD}.mjs`),
      PARLEY_DEMO_PROCESS: JSON.stringify(
        splitting ? './demo-process.mjs' : `./${DEMO_PROCESS}.mjs`,
      ),
      PARLEY_RELAY_STORE_THREAD: JSON.stringify('./relay-store-thread.mjs'),
    },
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  };
}

if (import.meta.main) {
  await Promise.all([
    build(mainProcessBuild(resolve(root, 'main/shell/main.ts'), resolve(root, 'dist/main'))),
    build({
      ...common,
      entryPoints: [resolve(root, 'main/preload/preload.ts')],
      outfile: resolve(root, 'dist/main/preload.cjs'),
      format: 'cjs',
    }),
  ]);
}
