import { expect, it } from 'vitest';
import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import { createOutboxRunner } from '../../../main/core/outbox/outbox-runner.ts';
import { silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { scriptedServersPerTest, type Scripted } from '../api/scripted-server.ts';
import { manualClock } from '../../support/manual-clock.ts';
import { localDb, T0 } from './local-db.ts';

const startServer = scriptedServersPerTest();

const sent = (id: string, text: string): Scripted => ({
  body: {
    id,
    conversation_id: 'conv_1',
    contact: { id: 'alice', username: 'alice' },
    message: text,
    reactions: [],
    attachments: [],
    read_at: null,
    created_at: T0,
    updated_at: null,
  },
});

/** Replays what `local` queued against a server answering `script`, until nothing is due. */
async function replayAgainst(local: ReturnType<typeof localDb>, ...script: Scripted[]) {
  const server = await startServer(...script);
  const runner = createOutboxRunner({
    db: local.db,
    api: createMessagingClient({
      baseUrl: server.url,
      getToken: async () => 'token-alice-0001',
      log: silentLogger,
      retry: { retries: 0 },
    }),
    clock: manualClock(T0),
    log: silentLogger,
    onChanges() {},
    onNotice() {},
    onSettled() {},
    onUnauthorized() {},
    onReachable() {},
  });
  runner.start();
  await runner.flush();
  await runner.stop();
  return server.seen;
}

const entries = (local: ReturnType<typeof localDb>) =>
  (
    local.db.prepare('SELECT state, attempts, payload FROM outbox ORDER BY id').all() as {
      state: string;
      attempts: number;
      payload: string;
    }[]
  ).map(({ payload, ...row }) => ({ ...row, firstAttemptAt: JSON.parse(payload).firstAttemptAt }));

it('gives back, untouched, the send claimed ahead when the one before it fails', async () => {
  const local = localDb();
  for (const text of ['one', 'two', 'three']) {
    local.writes.send({ conversationId: 'conv_1', text, attachments: [] });
  }

  const seen = await replayAgainst(local, sent('msg_10', 'one'), { status: 503, body: '' });

  // "three" was claimed while "two" travelled, and never left: it is queued as it was.
  expect(seen.map((request) => new URLSearchParams(request.body).get('message'))).toEqual([
    'one',
    'two',
  ]);
  expect(entries(local)).toEqual([
    { state: 'pending', attempts: 1, firstAttemptAt: T0 },
    { state: 'pending', attempts: 0, firstAttemptAt: null },
  ]);
  expect(local.db.prepare("SELECT text FROM messages WHERE id = 'msg_10'").get()).toEqual({
    text: 'one',
  });
});

it('sends a write that names an unsent message only once the server has named it', async () => {
  const local = localDb();
  const localId = local.writes.send({
    conversationId: 'conv_1',
    text: 'draft',
    attachments: [],
  }).value;
  // An edit would change the send itself, which has not left (outbox/unsent.ts); attachments do not.
  local.writes.setAttachments(localId, []);

  const seen = await replayAgainst(local, sent('msg_10', 'draft'), sent('msg_10', 'draft'));

  expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
    'POST /v1/messages',
    'PUT /v1/messages/msg_10',
  ]);
  expect(entries(local)).toEqual([]);
});
