import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const root = resolve(import.meta.dirname, 'renderer');

/**
 * Emojibase's English data beside the bundle, for the emoji picker: fetched
 * from the app itself, never from a CDN (the app must work offline).
 */
function emojibaseData(): Plugin {
  return {
    name: 'emojibase-data',
    generateBundle() {
      for (const file of ['data.json', 'messages.json']) {
        this.emitFile({
          type: 'asset',
          fileName: `emojibase/en/${file}`,
          source: readFileSync(
            resolve(import.meta.dirname, 'node_modules/emojibase-data/en', file),
          ),
        });
      }
    },
  };
}

/** The renderer bundle, and the preview bridge as a separate file the packaged app never loads. */
export default defineConfig({
  root,
  base: './',
  plugins: [react(), emojibaseData()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist/renderer'),
    emptyOutDir: true,
    target: 'chrome140',
    rollupOptions: {
      input: {
        index: resolve(root, 'index.html'),
        'preview-bridge': resolve(root, 'preview/preview-bridge.ts'),
      },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'preview-bridge' ? 'preview-bridge.js' : 'assets/[name]-[hash].js',
      },
    },
  },
});
