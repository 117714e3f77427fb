import { build, type BuildOptions } from 'esbuild';
import { resolve } from 'node:path';

/**
 * Bundles the Electron main process (ESM) and the preload (CommonJS, as a
 * sandboxed preload must be) into dist/main. Run by `npm run build:main`.
 */
const root = import.meta.dirname;
const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node24',
  external: ['electron'],
  sourcemap: true,
  logLevel: 'warning',
};

await Promise.all([
  build({
    ...common,
    entryPoints: [resolve(root, 'main/shell/main.ts')],
    outfile: resolve(root, 'dist/main/main.mjs'),
    format: 'esm',
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  }),
  build({
    ...common,
    entryPoints: [resolve(root, 'main/preload/preload.ts')],
    outfile: resolve(root, 'dist/main/preload.cjs'),
    format: 'cjs',
  }),
]);
