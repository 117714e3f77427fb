import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { createCore } from '../../../main/core/create-core.ts';
import { plainNodeDeps } from '../core-harness.ts';
import { startSandbox } from '../../../main/sandbox/sandbox.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

it('a first sync counts as unread only what came after the user last opened the conversation', async () => {
  const server = await startSandbox({
    users: [
      { contactId: 'ada', token: 'ada-token' },
      { contactId: 'grace', token: 'grace-token' },
    ],
  });
  cleanups.push(() => server.close());
  const api = (token: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((response) => response.json() as Promise<{ id: string }>);

  const conversation = await api('grace-token', '/v1/conversations', { contact_id: 'ada' });
  const send = (text: string) =>
    api('grace-token', '/v1/messages', { conversation_id: conversation.id, message: text });
  for (const text of ['one', 'two', 'three']) await send(text);
  // Ada reads the conversation on another device; the server's timestamps are whole seconds.
  await sleep(1_100);
  await api('ada-token', `/v1/messages?conversation_id=${conversation.id}`);
  await sleep(1_100);
  for (const text of ['four', 'five']) await send(text);

  const dataDir = makeTempDir('parley-read-');
  cleanups.push(() => removeTempDir(dataDir));
  const core = createCore(plainNodeDeps(dataDir));
  cleanups.push(() => core.stop());
  await core.router.handle('session:signIn', { baseUrl: server.url, token: 'ada-token' });
  await core.router.handle('sync:now', {});

  const list = await core.router.handle('conversations:list', { filter: 'all' });
  expect(list).toMatchObject({
    ok: true,
    value: { items: [{ id: conversation.id, unreadCount: 2 }] },
  });
});
