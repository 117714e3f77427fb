import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { walCommits } from '../../support/wal-commits.ts';
import { serverMessages, settle, startClient, type TestClient } from '../sync/harness.ts';

const users = [
  { contactId: 'alice', token: 'token-alice-0001' },
  { contactId: 'bob', token: 'token-bob-0002' },
];
const SENDS = 40;

let dir: ReturnType<typeof tempDir>;
let sandbox: Sandbox;
let client: TestClient;

afterEach(async () => {
  await client.close();
  await sandbox.close();
  dir.remove();
});

it('sends each queued write exactly once, committing once per write', async () => {
  dir = tempDir('parley-flush-');
  sandbox = await startSandbox({ users });
  const clientDir = join(dir.path, 'client');
  // The poll round that going online starts stores what the flush has sent by then: a commit of
  // the poller's, not the flush's. Its reads wait until the flush has been counted.
  let pollsHeld = false;
  let releasePolls = () => {};
  const polls = new Promise<void>((resolve) => (releasePolls = resolve));
  client = startClient({
    url: sandbox.url,
    token: users[0]!.token,
    dir: clientDir,
    wrapApi: (api) => ({
      ...api,
      listMessages: async (query) => {
        if (pollsHeld) await polls;
        return api.listMessages(query);
      },
    }),
  });
  client.engine.writes.openOrCreateConversation({ contactId: 'bob' });
  await settle(client);
  const conversationId = (client.db.prepare('SELECT id FROM conversations').get() as { id: string })
    .id;

  client.engine.setHostState({ online: false });
  const texts = Array.from({ length: SENDS }, (_, i) => `queued ${i}`);
  for (const text of texts) client.engine.writes.send({ conversationId, text, attachments: [] });
  const before = walCommits(join(clientDir, 'parley.db'));
  pollsHeld = true;
  client.engine.setHostState({ online: true });
  while (client.engine.status().pendingWrites > 0) await client.engine.outbox.flush();
  const commits = walCommits(join(clientDir, 'parley.db')) - before;
  releasePolls();

  expect((await serverMessages(client.api, conversationId)).map((m) => m.message)).toEqual(texts);
  // Each confirmation claims the next send in the same transaction; the first claim is its own.
  expect(commits).toBe(SENDS + 1);
});
