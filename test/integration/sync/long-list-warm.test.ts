import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { PAGE_SIZE } from '../../../main/core/sync/sync-steps.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { startClient, type TestClient } from './harness.ts';
import { seedSandbox } from './sandbox-seed.ts';

const ALICE = { contactId: 'alice', token: 'token-alice-0001' };

let dir: ReturnType<typeof tempDir>;
let sandbox: Sandbox;
let client: TestClient;

afterEach(async () => {
  await client.close();
  await sandbox.close();
  dir.remove();
});

/** Signs in to an account of `conversations`; how often the engine expected a long history. */
async function signIn(conversations: number): Promise<number> {
  dir = tempDir('parley-long-list-');
  const file = join(dir.path, 'server.db');
  seedSandbox(file, {
    user: ALICE.contactId,
    conversations,
    messages: conversations,
    spreadSeconds: 3_600,
  });
  sandbox = await startSandbox({ users: [ALICE], dataFile: file });
  let expected = 0;
  client = startClient({
    url: sandbox.url,
    token: ALICE.token,
    dir: join(dir.path, 'client'),
    expectLongHistory: () => (expected += 1),
  });
  while (!client.engine.status().initialSync.done) await client.engine.syncNow();
  return expected;
}

// The writer's thread costs memory the process keeps: a short account (the demo's) never starts
// it, and a long one starts it while its list is still being stored, before history's pages come.
it('a conversation list longer than a page gets the history writer ready while it is stored', async () => {
  expect(await signIn(PAGE_SIZE * 2 + 1)).toBe(2);
});

it('a conversation list of one page does not', async () => {
  expect(await signIn(PAGE_SIZE)).toBe(0);
});
