import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { runCli, spawnCli, type CliRun } from './cli-process.ts';

const ava = { contactId: 'ava.kim', token: 'token-ava-0001' };
const ben = { contactId: 'ben.ode', token: 'token-ben-0002' };
const cy = { contactId: 'cy.lund', token: 'token-cy-0003' };
const WAIT_MS = 20_000;
// State changes from the server arrive with the conversation list, refreshed every 30 s.
const LIST_WAIT_MS = 45_000;

/** What the other users do, straight over HTTP as any client of the API would. */
async function api(
  sandbox: Sandbox,
  token: string,
  method: string,
  path: string,
  form?: Record<string, string>,
) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    body: form && new URLSearchParams(form),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string };
}

/** A running `watch`, its output read line by line as it comes. */
function startWatch(args: string[]) {
  const { child, done } = spawnCli(args, ava.token);
  const out: string[] = [];
  let err = '';
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    out.push(...lines);
  });
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return {
    child,
    done,
    out,
    stderr: () => err,
    async ready() {
      await expect.poll(() => err, { timeout: WAIT_MS }).toContain('watching for new');
    },
    /** The first line after `from` that passes `test`, waiting for it. */
    async next(test: (line: string) => boolean, from = 0, timeout = WAIT_MS): Promise<string> {
      let found: string | undefined;
      await expect.poll(() => (found = out.slice(from).find(test)), { timeout }).toBeDefined();
      return found as string;
    },
  };
}

describe('npm run cli -- watch', () => {
  let sandbox: Sandbox;
  let dir: ReturnType<typeof tempDir>;
  let running: ChildProcess[] = [];
  let groupConversation: string;
  let direct: string;

  beforeAll(async () => {
    sandbox = await startSandbox({
      users: [ava, ben, cy],
      groups: [{ groupId: 'design-team', members: [ava.contactId, ben.contactId, cy.contactId] }],
    });
    dir = tempDir('parley-watch-');
    groupConversation = (
      await api(sandbox, ben.token, 'POST', '/v1/conversations', { group_id: 'design-team' })
    ).id;
    direct = (await api(sandbox, ben.token, 'POST', '/v1/conversations', { contact_id: 'ava.kim' }))
      .id;
    for (const conversation of [groupConversation, direct]) {
      await api(sandbox, ben.token, 'POST', '/v1/messages', {
        conversation_id: conversation,
        message: 'Old news from before the watch',
      });
    }
  });

  afterEach(async () => {
    for (const child of running) child.kill('SIGINT');
    running = [];
  });

  afterAll(async () => {
    await sandbox.close();
    dir.remove();
  });

  function watch(name: string, ...args: string[]) {
    const watcher = startWatch([
      '--data-dir',
      join(dir.path, name),
      '--base-url',
      sandbox.url,
      ...args,
      'watch',
    ]);
    running.push(watcher.child);
    return watcher;
  }

  it('prints one JSON line per new, edited and deleted message and per state change', async () => {
    const watcher = watch('json', '--json');
    await watcher.ready();

    const sent = await api(sandbox, ben.token, 'POST', '/v1/messages', {
      conversation_id: groupConversation,
      message: 'Can we move the call to 3pm?',
    });
    const created = JSON.parse(await watcher.next((l) => l.includes(sent.id)));
    expect(created).toEqual({
      type: 'message.created',
      conversationId: groupConversation,
      conversation: 'design-team',
      group: true,
      messageId: sent.id,
      senderId: 'ben.ode',
      sender: 'ben.ode',
      text: 'Can we move the call to 3pm?',
      attachments: [],
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Math.abs(Date.parse(created.time) - Date.now())).toBeLessThan(60_000);

    let mark = watcher.out.length;
    await api(sandbox, ben.token, 'PUT', `/v1/messages/${sent.id}`, {
      message: 'Can we move the call to 4pm?',
    });
    expect(JSON.parse(await watcher.next((l) => l.includes('message.edited'), mark))).toMatchObject(
      {
        messageId: sent.id,
        text: 'Can we move the call to 4pm?',
        sender: 'ben.ode',
      },
    );

    mark = watcher.out.length;
    await api(sandbox, ben.token, 'DELETE', `/v1/messages/${sent.id}`);
    expect(
      JSON.parse(await watcher.next((l) => l.includes('message.deleted'), mark)),
    ).toMatchObject({
      messageId: sent.id,
      conversationId: groupConversation,
      text: 'Can we move the call to 4pm?',
    });

    // A state change made on another device of the same user.
    mark = watcher.out.length;
    await api(sandbox, ava.token, 'PUT', `/v1/conversations/${direct}`, { is_muted: 'true' });
    expect(
      JSON.parse(await watcher.next((l) => l.includes('conversation.updated'), mark, LIST_WAIT_MS)),
    ).toMatchObject({
      conversationId: direct,
      conversation: 'ben.ode',
      changes: { muted: true },
    });

    expect(watcher.out.join('\n')).not.toContain('Old news from before the watch');
    expect(watcher.out.every((l) => l === '' || JSON.parse(l))).toBe(true);
  }, 150_000);

  it('prints a line a person reads without --json', async () => {
    const watcher = watch('text');
    await watcher.ready();
    const sent = await api(sandbox, cy.token, 'POST', '/v1/messages', {
      conversation_id: groupConversation,
      message: 'Sounds good to me',
    });
    const line = await watcher.next((l) => l.includes('Sounds good'));
    const time = new Date(
      (
        (await api(sandbox, ava.token, 'GET', `/v1/messages/${sent.id}`)) as unknown as {
          created_at: number;
        }
      ).created_at * 1000,
    );
    expect(line).toBe(
      `${time.toTimeString().slice(0, 5)} cy.lund in design-team: Sounds good to me`,
    );

    await api(sandbox, ben.token, 'POST', '/v1/messages', {
      conversation_id: direct,
      message: 'Lunch?',
    });
    expect(await watcher.next((l) => l.includes('Lunch?'))).toMatch(
      /^\d\d:\d\d ben\.ode: Lunch\?$/,
    );
  });

  it('ends with 1 and one line when the server does not accept the token', async () => {
    const run: CliRun = await runCli(
      ['--data-dir', join(dir.path, 'refused'), '--base-url', sandbox.url, 'watch'],
      'not-a-token',
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'error: the server did not accept PARLEY_TOKEN',
    ]);
  });
});
