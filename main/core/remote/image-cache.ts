import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ImageCache {
  get(url: string): Promise<Buffer | null>;
  put(url: string, bytes: Buffer): Promise<void>;
  clear(): Promise<void>;
}

/**
 * Fetched images on disk in the data directory, one file per URL (named by
 * its SHA-256, so no URL text reaches the file system), at most `maxBytes` in
 * all: the least recently used go first. Files are the owner's only.
 */
export function createImageCache(dir: string, maxBytes: number): ImageCache {
  /** File name → size and last use, read from the directory on first use. */
  let index: Promise<Map<string, { size: number; usedAt: number }>> | null = null;
  /** A clearing in progress, which everything after it waits for. */
  let cleared: Promise<void> = Promise.resolve();
  const name = (url: string) => createHash('sha256').update(url).digest('hex');

  function entries() {
    index ??= (async () => {
      await cleared;
      const found = new Map<string, { size: number; usedAt: number }>();
      await mkdir(dir, { recursive: true, mode: 0o700 });
      for (const file of await readdir(dir)) {
        if (!/^[0-9a-f]{64}$/.test(file)) continue;
        const info = await stat(join(dir, file)).catch(() => null);
        if (info) found.set(file, { size: info.size, usedAt: info.mtimeMs });
      }
      return found;
    })();
    return index;
  }

  async function evict(map: Map<string, { size: number; usedAt: number }>) {
    let total = [...map.values()].reduce((sum, entry) => sum + entry.size, 0);
    const oldestFirst = [...map.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [file, entry] of oldestFirst) {
      if (total <= maxBytes) break;
      map.delete(file);
      total -= entry.size;
      await rm(join(dir, file), { force: true });
    }
  }

  return {
    async get(url) {
      const map = await entries();
      const file = name(url);
      const entry = map.get(file);
      if (!entry) return null;
      const bytes = await readFile(join(dir, file)).catch(() => null);
      if (bytes === null) {
        map.delete(file);
        return null;
      }
      entry.usedAt = Date.now();
      // The file's time is its last use, so the order survives a restart.
      await utimes(join(dir, file), new Date(), new Date()).catch(() => {});
      return bytes;
    },
    async put(url, bytes) {
      if (bytes.length > maxBytes) return;
      const map = await entries();
      const file = name(url);
      // Fetched for the account whose data was cleared meanwhile: not kept.
      if (index === null) return;
      const partial = join(dir, `${file}.partial`);
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, join(dir, file));
      map.set(file, { size: bytes.length, usedAt: Date.now() });
      await evict(map);
    },
    clear() {
      index = null;
      cleared = cleared.then(() => rm(dir, { recursive: true, force: true }));
      return cleared;
    },
  };
}
