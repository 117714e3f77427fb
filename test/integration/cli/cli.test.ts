import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { runCli } from './cli-process.ts';
import { isLocalId } from '../../../shared/model/local-id.ts';
import { tempDir } from '../../support/temp-dir.ts';

const alice = { contactId: 'alice', token: 'token-alice-0001' };
const bob = { contactId: 'bob', token: 'token-bob-0002' };

describe('the headless CLI', () => {
  let sandbox: Sandbox;
  let dir: ReturnType<typeof tempDir>;
  let cli: (args: string[], token?: string | null) => ReturnType<typeof runCli>;

  beforeAll(async () => {
    sandbox = await startSandbox({ users: [alice, bob] });
    dir = tempDir('parley-cli-');
    cli = (args, token = alice.token) =>
      runCli(['--data-dir', join(dir.path, 'alice'), '--base-url', sandbox.url, ...args], token);
  });

  afterAll(async () => {
    await sandbox.close();
    dir.remove();
  });

  it('starts a conversation, sends, reacts, pins and lists, printing JSON', async () => {
    const created = await cli(['--json', 'new-conversation', '--contact', 'bob']);
    expect(created.code).toBe(0);
    const conversation = JSON.parse(created.stdout) as { state: string; id: string };
    expect(conversation.state).toBe('done');
    expect(isLocalId(conversation.id)).toBe(false);

    const sent = JSON.parse(
      (await cli(['--json', 'send', conversation.id, 'hello from the cli'])).stdout,
    );
    expect(sent.state).toBe('done');
    expect((await cli(['react', sent.id, 'wave', '--as', 'alice'])).code).toBe(0);
    expect((await cli(['pin', conversation.id])).code).toBe(0);

    const listed = JSON.parse(
      (await cli(['--json', 'conversations', '--filter', 'pinned'])).stdout,
    );
    expect(listed.items.map((c: { id: string }) => c.id)).toEqual([conversation.id]);

    const bobSees = await runCli(
      [
        '--data-dir',
        join(dir.path, 'bob'),
        '--base-url',
        sandbox.url,
        '--json',
        'messages',
        conversation.id,
      ],
      bob.token,
    );
    expect(bobSees.code).toBe(0);
    const page = JSON.parse(bobSees.stdout) as {
      items: { text: string; reactions: { name: string; reactors: string[] }[] }[];
    };
    expect(page.items.map((m) => m.text)).toEqual(['hello from the cli']);
    expect(page.items[0]?.reactions).toEqual([{ name: 'wave', reactors: ['alice'], mine: false }]);

    const found = JSON.parse((await cli(['--json', 'search', 'cli'])).stdout);
    expect(found.hits.map((h: { messageId: string }) => h.messageId)).toEqual([sent.id]);
  });

  it('queues a write while the server is unreachable and flushes it with the next command', async () => {
    const created = JSON.parse(
      (await cli(['--json', 'new-conversation', '--contact', 'bob'])).stdout,
    );
    const offline = await runCli(
      [
        '--data-dir',
        join(dir.path, 'alice'),
        '--base-url',
        'http://127.0.0.1:9',
        'send',
        created.id,
        'sent later',
      ],
      alice.token,
    );
    expect(offline.code).toBe(0);
    expect(offline.stdout.trim().startsWith('queued')).toBe(true);
    const queued = JSON.parse(
      (await runCli(['--data-dir', join(dir.path, 'alice'), '--json', 'outbox'], alice.token))
        .stdout,
    );
    expect(queued.items.map((e: { kind: string }) => e.kind)).toEqual(['send']);
    // Another failed attempt leaves the send waiting out a backoff the next command must not wait for.
    const unreachable = await runCli(
      ['--data-dir', join(dir.path, 'alice'), '--base-url', 'http://127.0.0.1:9', 'sync'],
      alice.token,
    );
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr.trim().split('\n')).toEqual([
      'error: Parley could not reach 127.0.0.1:9: nothing answered there. Check the address, or try again later.',
    ]);

    expect((await cli(['sync'])).code).toBe(0);
    const after = JSON.parse((await cli(['--json', 'outbox'])).stdout);
    expect(after.items).toEqual([]);
    const page = JSON.parse((await cli(['--json', 'messages', created.id])).stdout);
    expect(page.items.map((m: { text: string }) => m.text)).toContain('sent later');
  });

  it('answers usage errors with 2 and failures with 1 and one line', async () => {
    expect((await cli(['send', 'only-one-argument'])).code).toBe(2);
    expect((await cli(['frobnicate'])).code).toBe(2);
    expect((await cli(['--token', 'x', 'sync'])).code).toBe(2);
    const noToken = await cli(['sync'], null);
    expect(noToken.code).toBe(1);
    const refused = await cli(['sync'], 'not-a-valid-token');
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    const missing = await cli(['edit', 'msg_nothing', 'new text']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: .*message was not found/);
  });
});
