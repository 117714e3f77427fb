import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import layout from './lint/layout-imports.js';

/** Electron, and electron-store, which imports it: only the shell and the preload run in Electron. */
const ELECTRON = ['electron', 'electron-store'];
/** What the product core runs on: shared/, Node, and these libraries; never Electron or the demo. */
const CORE_PACKAGES = [
  'shared/**',
  'node:*',
  'zod',
  'qs',
  'conf',
  'ipaddr.js',
  { lazy: 'selfsigned' },
];
/** How hosts reach the core: the whole core, its parts for a headless host, and the ports. */
const CORE_ENTRIES = ['main/core/create-core.ts', 'main/core/headless.ts', 'main/core/ports/**'];
/**
 * The demo workspace's services, which a host hands to the core without
 * loading them at launch: they run in a process of their own.
 */
const DEMO_SERVICES = { lazy: 'main/sandbox/demo-process/**' };

/**
 * The core's own order, lowest first: a folder may import its own files and
 * the folders of the layers below it, never a sibling in its own layer nor
 * anything above. So the core has no cycles between its folders, by rule.
 */
const CORE_LAYERS = [
  ['ports', 'errors', 'events', 'net'],
  ['api', 'remote', 'memory'],
  ['store', 'settings'],
  ['sync', 'outbox', 'session', 'webhooks'],
  ['relay'],
  ['engine', 'demo'],
  ['ipc'],
];
/** What a core folder may import besides the layers below it and the core's packages. */
const CORE_FOLDER_EXTRAS = {
  // The receiver and the relay pull client read deliveries with the code the relay uses too.
  webhooks: ['main/webhook-protocol/**'],
  relay: ['main/webhook-protocol/**'],
};
/** Core folders the rest of the core reaches only through import(): launches that need none never read them. */
const ON_DEMAND = new Set(['relay']);
const core = (folder) => `main/core/${folder}/**`;
const reach = (folder) => (ON_DEMAND.has(folder) ? { lazy: core(folder) } : core(folder));
const coreLayerAreas = CORE_LAYERS.flatMap((layer, index) =>
  layer.map((folder) => ({
    name: `main/core/${folder}`,
    files: [core(folder)],
    allow: [
      core(folder),
      ...CORE_LAYERS.slice(0, index).flat().map(reach),
      ...CORE_PACKAGES,
      ...(CORE_FOLDER_EXTRAS[folder] ?? []),
    ],
  })),
);

/**
 * The layout table of the README, as allow-lists: for each area, which
 * folders and which packages it may import. The first area whose `files`
 * matches a file is the one that applies.
 */
const LAYOUT = [
  { name: 'shared', files: ['shared/**'], allow: ['shared/**', 'zod'] },
  {
    name: 'renderer',
    files: ['renderer/**'],
    allow: [
      'renderer/**',
      'shared/**',
      'react',
      'react-dom',
      'zustand',
      '@tanstack/react-virtual',
      'big.js',
      'frimousse',
    ],
  },
  {
    name: 'main/preload',
    files: ['main/preload/**'],
    allow: ['main/preload/**', 'electron', 'shared/ipc/**'],
  },
  ...coreLayerAreas,
  {
    name: "the core's entries",
    files: ['main/core/*.ts'],
    allow: ['main/core/*.ts', ...CORE_LAYERS.flat().map(reach), ...CORE_PACKAGES],
  },
  {
    name: 'main/shell',
    files: ['main/shell/**'],
    allow: [
      'main/shell/**',
      ...CORE_ENTRIES,
      'main/desktop/**',
      'shared/**',
      'node:*',
      'electron',
      'electron-store',
      'electron-updater',
      DEMO_SERVICES,
    ],
  },
  {
    name: 'main/desktop',
    files: ['main/desktop/**'],
    allow: ['main/desktop/**', 'shared/**', 'node:*', { packagesExcept: ELECTRON }],
  },
  {
    name: 'main/preview',
    files: ['main/preview/**'],
    allow: [
      'main/preview/**',
      ...CORE_ENTRIES,
      'shared/**',
      'node:*',
      'fastify',
      '@fastify/static',
      DEMO_SERVICES,
    ],
  },
  {
    name: 'main/cli',
    files: ['main/cli/**'],
    allow: ['main/cli/**', ...CORE_ENTRIES, 'shared/**', 'node:*'],
  },
  {
    // The demo's services put a relay between their catalogue and the app, as a shop does.
    name: "the demo's services",
    files: ['main/sandbox/demo-process/**'],
    allow: ['main/sandbox/**', 'main/relay/**', 'main/webhook-protocol/**', 'node:*'],
  },
  {
    name: 'main/sandbox',
    files: ['main/sandbox/**'],
    allow: ['main/sandbox/**', 'node:*', 'fastify', '@fastify/formbody', 'qs', 'zod', 'big.js'],
  },
  {
    name: 'main/relay',
    files: ['main/relay/**'],
    allow: [
      'main/relay/**',
      'main/webhook-protocol/**',
      'shared/**',
      'node:*',
      { packagesExcept: ELECTRON },
    ],
  },
  {
    name: 'main/webhook-protocol',
    files: ['main/webhook-protocol/**'],
    allow: ['main/webhook-protocol/**', 'shared/**', 'node:*', 'zod', { lazy: 'selfsigned' }],
  },
  {
    name: 'scripts',
    files: ['scripts/**'],
    allow: [
      'scripts/**',
      'main/desktop/**',
      'shared/**',
      'node:*',
      '@resvg/resvg-wasm',
      'png-to-ico',
      '@fiahfy/icns',
    ],
  },
  { name: 'test', files: ['test/**'], allow: ['**'] },
  {
    name: 'build and tool configuration',
    files: ['*.config.ts', '*.config.js', 'lint/**'],
    allow: ['**'],
  },
];

/**
 * Where code may run decides what it may import (VS Code's layering, in small):
 * shared runs anywhere, the core and sandbox on Node, the shell and preload in
 * Electron, the renderer in a browser. The layout rule holds the table above;
 * import-x's no-cycle holds that no file reaches itself through its imports.
 */
export default defineConfig(
  {
    ignores: [
      'dist/',
      'release/',
      'node_modules/',
      'test-results/',
      'test/.reports/',
      '.parley-data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { layout },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Message text is text: no HTML injection path.',
        },
      ],
      'layout/layout-imports': ['error', { areas: LAYOUT }],
    },
  },
  {
    files: ['main/**/*.ts', 'shared/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
);
