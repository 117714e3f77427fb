import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Electron cannot run here: the shell's wiring tests (test/wiring) run against a recorder.
    alias: [
      {
        find: /^electron$/,
        replacement: resolve(import.meta.dirname, 'test/support/electron-stand-in.ts'),
      },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/bench/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two cores here: more workers than that only adds contention to the HTTP tests.
    maxWorkers: 2,
  },
});
