import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Scratch directories for tests and benchmarks: fresh under the OS temp
 * folder, named so a leftover one says who made it, removed whole.
 */
export function makeTempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeTempDir(path: string): void {
  rmSync(path, { recursive: true, force: true });
}

export function tempDir(prefix = 'parley-'): { path: string; remove(): void } {
  const path = makeTempDir(prefix);
  return { path, remove: () => removeTempDir(path) };
}
