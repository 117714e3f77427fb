import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../shared/ipc/events.ts';
import { createCore, type Core } from '../../../main/core/create-core.ts';
import { memoryVault, recordingNotifier } from '../../../main/core/ports/node-adapters.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { plainNodeDeps } from '../core-harness.ts';

/**
 * Bob's app (the real core, signed in to the sandbox) receives Alice's
 * messages and answers their notifications as a person would: a reply from
 * the notification, "Mark as read", a click.
 */
const users = [
  { contactId: 'alice', token: 'token-alice-0001' },
  { contactId: 'bob', token: 'token-bob-0002' },
];

let sandbox: Sandbox;
let dataDir: string;
let core: Core;
let notifier: ReturnType<typeof recordingNotifier>;
let events: CoreEvent[];
let conversationId: string;

const call = async (channel: string, request: unknown = {}) => {
  const answer = await core.router.handle(channel, request);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
  return answer.value as Record<string, unknown>;
};

async function aliceSays(text: string): Promise<void> {
  const response = await fetch(`${sandbox.url}/v1/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${users[0]!.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ conversation_id: conversationId, message: text }),
  });
  expect(response.status).toBe(200);
}

async function aliceSees(): Promise<string[]> {
  const response = await fetch(
    `${sandbox.url}/v1/messages?conversation_id=${conversationId}&limit=20`,
    { headers: { authorization: `Bearer ${users[0]!.token}` } },
  );
  const body = (await response.json()) as { data: { message: string }[] };
  return body.data.map((message) => message.message);
}

/** Bob's app syncs until it has shown `count` notifications. */
async function notified(count: number): Promise<void> {
  await expect
    .poll(async () => {
      await call('sync:now');
      return notifier.shown.length;
    })
    .toBe(count);
}

beforeEach(async () => {
  sandbox = await startSandbox({ users });
  dataDir = mkdtempSync(join(tmpdir(), 'parley-answers-'));
  notifier = recordingNotifier();
  core = createCore(plainNodeDeps(dataDir, { vault: memoryVault(), notifier }));
  events = [];
  core.onEvent((event) => events.push(event));
  const created = await fetch(`${sandbox.url}/v1/conversations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${users[0]!.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ contact_id: 'bob' }),
  });
  conversationId = ((await created.json()) as { id: string }).id;
  await aliceSays('hello bob');
  await call('session:signIn', { baseUrl: sandbox.url, token: users[1]!.token });
  await core.start();
  await call('sync:now');
});

afterEach(async () => {
  await core.stop();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('answering a notification', () => {
  it('sends an inline reply through the outbox, marks the conversation read and clears the badge', async () => {
    await aliceSays('are you in the shop today?');
    await notified(1);
    expect(notifier.shown[0]).toMatchObject({ title: 'alice', body: 'are you in the shop today?' });
    await expect.poll(() => notifier.badge).toBe(2);

    notifier.actions[0]?.reply?.('yes, from ten');

    await expect.poll(aliceSees).toContain('yes, from ten');
    await expect.poll(() => notifier.badge).toBe(0);
  });

  it('"Mark as read" moves the read marker and the badge follows', async () => {
    await aliceSays('ping');
    await notified(1);
    notifier.actions[0]?.markRead?.();

    await expect.poll(() => notifier.badge).toBe(0);
    expect(await call('conversations:get', { id: conversationId })).toMatchObject({
      unreadCount: 0,
    });
  });

  it('a click opens the conversation in the window', async () => {
    await aliceSays('look at this');
    await notified(1);
    notifier.click(0);
    expect(events.at(-1)).toEqual({
      type: 'navigate',
      target: { kind: 'conversation', conversationId },
    });
  });

  it('keeps a reply that cannot be sent in the composer and says so', async () => {
    await aliceSays('still there?');
    await notified(1);
    await call('session:signOut', { clearLocalData: false });

    notifier.actions[0]?.reply?.('sorry, signed out');

    await expect
      .poll(() => events.filter((event) => event.type === 'notice').at(-1))
      .toMatchObject({
        level: 'warning',
        message: expect.stringContaining("it is in the conversation's composer"),
      });
    expect(await call('drafts:get', { conversationId })).toEqual({ text: 'sorry, signed out' });
  });
});

describe('links into the app', () => {
  it('goes to a conversation this computer has, and explains one it does not', () => {
    expect(core.navigate({ kind: 'conversation', conversationId })).toBe(true);
    expect(events.at(-1)).toEqual({
      type: 'navigate',
      target: { kind: 'conversation', conversationId },
    });

    expect(core.navigate({ kind: 'conversation', conversationId: 'conv_elsewhere' })).toBe(false);
    expect(events.at(-1)).toEqual({
      type: 'notice',
      level: 'warning',
      message: 'There is no conversation conv_elsewhere on this computer.',
    });
    expect(core.navigate({ kind: 'order', orderId: 'ord_unknown' })).toBe(false);
  });

  it('takes Help › Keyboard Shortcuts to the page, which has no place to look up', () => {
    expect(core.navigate({ kind: 'shortcuts' })).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'navigate', target: { kind: 'shortcuts' } });
  });
});

describe('mentions', () => {
  it('the window learns the user’s name once sync does, and a muted conversation speaks only of a mention', async () => {
    await call('messages:send', { conversationId, text: 'hi alice', attachments: [] });
    await expect
      .poll(async () => {
        await call('sync:now');
        return events.findLast((event) => event.type === 'session');
      })
      .toMatchObject({ session: { selfName: 'bob' } });

    await call('conversations:setMuted', { id: conversationId, muted: true });
    await aliceSays('nothing urgent');
    await aliceSays('can @bob check the stock?');
    await notified(1);
    expect(notifier.shown[0]).toMatchObject({
      title: 'alice mentioned you',
      body: 'can @bob check the stock?',
    });
  });
});
