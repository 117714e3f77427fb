import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { serverMessages, startClient } from '../sync/harness.ts';
import { runCli, spawnCli } from './cli-process.ts';
import { tempDir } from '../../support/temp-dir.ts';

const alice = { contactId: 'alice', token: 'token-alice-0001' };
const bob = { contactId: 'bob', token: 'token-bob-0002' };
const SENDS = 200;

let sandbox: Sandbox;
let dir: ReturnType<typeof tempDir>;

beforeEach(async () => {
  // Latency stretches the flush so the kill lands in the middle of it.
  sandbox = await startSandbox({ users: [alice, bob], faults: 'latency=5-15' });
  dir = tempDir('parley-kill-');
});

afterEach(async () => {
  await sandbox.close();
  dir.remove();
});

it('delivers 200 queued sends exactly once although the CLI is SIGKILLed mid-flush', async () => {
  const dataDir = join(dir.path, 'cli');
  const created = await runCli(
    [
      '--data-dir',
      dataDir,
      '--base-url',
      sandbox.url,
      '--json',
      'new-conversation',
      '--contact',
      'bob',
    ],
    alice.token,
  );
  const conversationId = (JSON.parse(created.stdout) as { id: string }).id;

  // Queue the sends into the CLI's own database while nothing runs against the server.
  const queue = startClient({ url: sandbox.url, token: alice.token, dir: dataDir, start: false });
  const texts = Array.from({ length: SENDS }, (_, i) => `queued ${i}`);
  for (const text of texts) queue.engine.writes.send({ conversationId, text, attachments: [] });
  await queue.close();

  const first = spawnCli(['--data-dir', dataDir, 'sync'], alice.token);
  const probe = startClient({
    url: sandbox.url,
    token: alice.token,
    dir: join(dir.path, 'probe'),
    start: false,
  });
  try {
    for (;;) {
      const delivered = (await serverMessages(probe.api, conversationId)).length;
      if (delivered >= 20) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    first.child.kill('SIGKILL');
    const killed = await first.done;
    expect(killed.signal).toBe('SIGKILL');
    const beforeRestart = (await serverMessages(probe.api, conversationId)).length;
    expect(beforeRestart).toBeLessThan(SENDS);

    const second = await runCli(['--data-dir', dataDir, '--json', 'sync'], alice.token);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ pendingWrites: 0, failedWrites: 0 });

    const onServer = await serverMessages(probe.api, conversationId);
    expect(onServer).toHaveLength(SENDS);
    expect(onServer.map((m) => m.message)).toEqual(texts);
  } finally {
    await probe.close();
  }
});
