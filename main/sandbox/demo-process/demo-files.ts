import { rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where the demo's services keep their data in the app's data directory:
 * known to the services, which write it, and to the app, which erases it
 * without starting them.
 */
export const demoDataFileIn = (dataDir: string) => join(dataDir, 'demo-workspace.db');
export const demoPortFileIn = (dataDir: string) => join(dataDir, 'demo-workspace.port');
export const demoRelayDirIn = (dataDir: string) => join(dataDir, 'demo-relay');
export const demoRelayTlsDirIn = (dataDir: string) => join(dataDir, 'demo-relay-tls');

/** Deletes what the services keep under `dataDir`, so the next start seeds a fresh workspace. */
export async function eraseDemoData(dataDir: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm']) {
    await rm(`${demoDataFileIn(dataDir)}${suffix}`, { force: true });
  }
  for (const dir of [demoRelayDirIn(dataDir), demoRelayTlsDirIn(dataDir)]) {
    await rm(dir, { recursive: true, force: true });
  }
}
