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
/**
 * Where the core kept the demo relay's certificate and key before the
 * services made their own: read by nothing now, erased with the rest.
 */
const formerRelayCertificateDirIn = (dataDir: string) => join(dataDir, 'demo-relay-certificate');

/** Deletes what the services keep under `dataDir`, so the next start seeds a fresh workspace. */
export async function eraseDemoData(dataDir: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm']) {
    await rm(`${demoDataFileIn(dataDir)}${suffix}`, { force: true });
  }
  const dirs = [demoRelayDirIn, demoRelayTlsDirIn, formerRelayCertificateDirIn];
  for (const dir of dirs.map((dirIn) => dirIn(dataDir))) {
    await rm(dir, { recursive: true, force: true });
  }
}
