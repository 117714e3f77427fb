import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = resolve(import.meta.dirname, 'renderer');

/** The renderer bundle, and the preview bridge as a separate file the packaged app never loads. */
export default defineConfig({
  root,
  base: './',
  plugins: [react()],
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
