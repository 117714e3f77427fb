import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { eraseDemoData } from '../../../main/sandbox/demo-process/demo-files.ts';

let dataDir = '';
afterEach(() => rm(dataDir, { recursive: true, force: true }));

it('resetting the demo erases all it kept, the relay key an older version made included, and only that', async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'parley-demo-files-'));
  for (const file of ['demo-workspace.db', 'demo-workspace.db-wal', 'parley.db', 'settings.json']) {
    await writeFile(join(dataDir, file), 'x');
  }
  for (const dir of ['demo-relay', 'demo-relay-tls', 'demo-relay-certificate']) {
    await mkdir(join(dataDir, dir));
    await writeFile(join(dataDir, dir, 'key.pem'), 'x');
  }

  await eraseDemoData(dataDir);

  expect((await readdir(dataDir)).sort()).toEqual(['parley.db', 'settings.json']);
});
