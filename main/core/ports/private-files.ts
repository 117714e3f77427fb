import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data directory holds messages, tokens and keys: only its owner may read
 * it. Directories are 0700 and files 0600 wherever the platform has modes
 * (Windows has ACLs instead, and its per-user profile folder is private).
 */
const HAS_MODES = process.platform !== 'win32';
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** Creates the directory (and parents) if needed, and makes it the owner's only. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  if (HAS_MODES) chmodSync(dir, DIR_MODE);
}

/**
 * Creates the file empty if it does not exist, readable by its owner only.
 * SQLite gives its -wal and -shm files the mode of the database file, so
 * creating the database this way keeps those private too.
 */
export function privateFile(file: string): void {
  closeSync(openSync(file, 'a', FILE_MODE));
  if (HAS_MODES) chmodSync(file, FILE_MODE);
}

/**
 * Brings `dir` and what is in it to the owner-only modes: for files that
 * libraries create with the process's default mode (the demo's database, a
 * settings file an older build wrote), and for data directories made before
 * this rule. A subdirectory only its owner can enter already keeps what is
 * in it private, so it is not walked: in the app that spares the start the
 * thousands of files of Chromium's caches, which it keeps that way itself.
 */
export function tightenModes(dir: string): void {
  if (!HAS_MODES) return;
  chmodSync(dir, DIR_MODE);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    try {
      if (entry.isDirectory()) {
        if ((statSync(path).mode & 0o077) !== 0) tightenModes(path);
      } else if (entry.isFile()) chmodSync(path, FILE_MODE);
    } catch (error) {
      // Removed meanwhile (a WAL file checkpointed away): nothing left to protect.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
