import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core/create-core.ts';
import { plainNodeDeps } from '../core-harness.ts';
import { readBoundSecret } from '../../../main/core/api/credentials.ts';
import { memoryVault } from '../../../main/core/ports/node-adapters.ts';
import type { SecretVault } from '../../../main/core/ports/ports.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';
import type { SyncStatus } from '../../../shared/model/session.ts';
import { seedSandbox } from '../sync/sandbox-seed.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function startCore(
  prepare: (dataDir: string) => Promise<void> = async () => {},
): Promise<{ core: Core; vault: SecretVault; dataDir: string }> {
  const dataDir = makeTempDir('parley-session-');
  await prepare(dataDir);
  const vault = memoryVault();
  const core = createCore(plainNodeDeps(dataDir, { vault }));
  cleanups.push(() => removeTempDir(dataDir));
  cleanups.push(() => core.stop());
  await core.start();
  return { core, vault, dataDir };
}

async function sandbox(): Promise<Sandbox> {
  const server = await startSandbox({
    users: [
      { contactId: 'ada', token: 'ada-token' },
      { contactId: 'grace', token: 'grace-token' },
    ],
  });
  cleanups.push(() => server.close());
  return server;
}

const invoke = async (core: Core, channel: string, request: unknown = {}) =>
  core.router.handle(channel, request);

describe('session', () => {
  it('opens the demo workspace on first run, with its conversations synced', async () => {
    const { core } = await startCore();
    expect(await invoke(core, 'session:get')).toMatchObject({
      ok: true,
      value: { state: 'signed-in', demo: true },
    });
    await invoke(core, 'sync:now');
    const list = await invoke(core, 'conversations:list', { filter: 'all' });
    expect(list.ok && (list.value as { total: number }).total).toBeGreaterThan(10);
  });

  it('replaces demo data that another build wrote instead of failing to open', async () => {
    const { core } = await startCore((dataDir) =>
      writeFile(join(dataDir, 'demo-workspace.db'), 'not a database'),
    );
    expect(await invoke(core, 'session:get')).toMatchObject({
      value: { state: 'signed-in', demo: true },
    });
    await invoke(core, 'sync:now');
    const list = await invoke(core, 'conversations:list', { filter: 'all' });
    expect(list.ok && (list.value as { total: number }).total).toBeGreaterThan(10);
  });

  it('refuses a wrong token without changing anything', async () => {
    const { core, vault } = await startCore();
    const server = await sandbox();
    const answer = await invoke(core, 'session:signIn', { baseUrl: server.url, token: 'nope' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'unauthorized', field: 'token' } });
    expect(await vault.get('messaging-token')).toBeNull();
    expect(await invoke(core, 'session:get')).toMatchObject({ value: { demo: true } });
  });

  it('refuses an address with credentials in it, so they never reach a log or settings', async () => {
    const { core } = await startCore();
    const answer = await invoke(core, 'session:signIn', {
      baseUrl: 'http://ada:secret@127.0.0.1:9',
      token: 'x',
    });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'invalid-request', field: 'baseUrl' },
    });
    expect(JSON.stringify(answer)).not.toContain('secret');
  });

  it('says when the server cannot be reached', async () => {
    const { core } = await startCore();
    const answer = await invoke(core, 'session:signIn', {
      baseUrl: 'http://127.0.0.1:9',
      token: 'x',
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'network', field: 'baseUrl' } });
  });

  it('signs in to another server, replaces the demo data and activity, never shows the token', async () => {
    const { core, vault, dataDir } = await startCore();
    const server = await sandbox();
    await fetch(`${server.url}/v1/conversations`, {
      method: 'POST',
      headers: { authorization: 'Bearer ada-token', 'content-type': 'application/json' },
      body: JSON.stringify({ contact_id: 'grace' }),
    });

    await expect
      .poll(async () => {
        const activity = await invoke(core, 'activity:list', {});
        return activity.ok ? (activity.value as { total: number }).total : 0;
      })
      .toBeGreaterThan(0);

    const signedIn = await invoke(core, 'session:signIn', {
      baseUrl: `${server.url}/`,
      token: 'ada-token',
    });
    expect(signedIn).toMatchObject({
      ok: true,
      value: { state: 'signed-in', demo: false, baseUrl: server.url },
    });
    await invoke(core, 'sync:now');
    const list = await invoke(core, 'conversations:list', { filter: 'all' });
    expect(list).toMatchObject({ ok: true, value: { total: 1, items: [{ contactId: 'grace' }] } });
    expect(await invoke(core, 'activity:list', {})).toMatchObject({ value: { total: 0 } });

    expect(await readBoundSecret(vault, 'messaging-token')).toEqual({
      scope: server.url,
      secret: 'ada-token',
    });
    const settings = await invoke(core, 'settings:get');
    expect(JSON.stringify(settings)).not.toContain('ada-token');
    for (const file of await readdir(dataDir)) {
      if (file.endsWith('.json')) {
        expect(await readFile(join(dataDir, file), 'utf8')).not.toContain('ada-token');
      }
    }
  });

  it('will not drop writes still waiting for another server; sign-out with clear does', async () => {
    const { core, vault } = await startCore();
    const first = await sandbox();
    const conversation = await fetch(`${first.url}/v1/conversations`, {
      method: 'POST',
      headers: { authorization: 'Bearer ada-token', 'content-type': 'application/json' },
      body: JSON.stringify({ contact_id: 'grace' }),
    }).then((response) => response.json() as Promise<{ id: string }>);
    await invoke(core, 'session:signIn', { baseUrl: first.url, token: 'ada-token' });
    await invoke(core, 'sync:now');
    await first.close();

    const sent = await invoke(core, 'messages:send', {
      conversationId: conversation.id,
      text: 'written while the server is away',
    });
    expect(sent.ok).toBe(true);

    const second = await sandbox();
    const switched = await invoke(core, 'session:signIn', {
      baseUrl: second.url,
      token: 'grace-token',
    });
    expect(switched).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(switched.ok || switched.error.message).toMatch(/still waiting to be sent/);

    const kept = await invoke(core, 'session:signOut', { clearLocalData: false });
    expect(kept).toMatchObject({
      ok: true,
      value: { state: 'signed-out', baseUrl: null, keptFor: { demo: false, baseUrl: first.url } },
    });

    const refused = await invoke(core, 'session:signOut', { clearLocalData: true });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(refused.ok || refused.error.message).toMatch(/^1 change has not been sent yet/);
    expect(await invoke(core, 'status:get')).toMatchObject({ value: { pendingWrites: 1 } });

    expect(
      await invoke(core, 'session:signOut', { clearLocalData: true, unsentToDiscard: 1 }),
    ).toMatchObject({
      ok: true,
      value: { state: 'signed-out', keptFor: null },
    });
    expect(await vault.get('messaging-token')).toBeNull();
    expect(await invoke(core, 'outbox:list')).toMatchObject({ ok: false });
    expect(await invoke(core, 'status:get')).toMatchObject({ value: { pendingWrites: 0 } });
    expect(
      await invoke(core, 'session:signIn', { baseUrl: second.url, token: 'grace-token' }),
    ).toMatchObject({ ok: true });
  });

  it('leaves nothing of a history still being stored when signing out removes local data', async () => {
    const { core } = await startCore();
    const dataFile = join(makeTempDir('parley-session-server-'), 'server.db');
    cleanups.push(() => removeTempDir(join(dataFile, '..')));
    seedSandbox(dataFile, {
      user: 'ada',
      conversations: 50,
      messages: 20_000,
      spreadSeconds: 86_400,
    });
    const server = await startSandbox({
      users: [{ contactId: 'ada', token: 'ada-token' }],
      dataFile,
    });
    cleanups.push(() => server.close());
    await invoke(core, 'session:signIn', { baseUrl: server.url, token: 'ada-token' });

    // Well into older history, past the pages stored on the main thread, and not at its end.
    for (;;) {
      const status = (await invoke(core, 'status:get')) as { value: SyncStatus };
      if (status.value.history.done || status.value.history.items >= 5_000) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const stored = () =>
      (core.db.prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number }).n;
    // Whoever holds the workspace (the sync engine, and here the test) is waited for before
    // anything is removed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    core.session.onWorkspace((workspace) => (workspace === null ? held : undefined));
    const signingOut = invoke(core, 'session:signOut', { clearLocalData: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stored()).toBeGreaterThan(0);
    release();
    expect(await signingOut).toMatchObject({ ok: true, value: { state: 'signed-out' } });
    expect(stored()).toBe(0);
    // A page the engine had sent to be stored would land after the removal.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stored()).toBe(0);
    // The file was rebuilt from what was left: the removed messages are not in its free pages.
    expect(core.db.prepare('PRAGMA page_count').get()).toMatchObject({
      page_count: expect.toSatisfy((pages: number) => pages < 100),
    });

    // The same account again, while the history writer's connection lived through the removal:
    // all of it is stored and found by search.
    await invoke(core, 'session:signIn', { baseUrl: server.url, token: 'ada-token' });
    for (;;) {
      const status = (await invoke(core, 'status:get')) as { value: SyncStatus };
      if (status.value.history.done && status.value.history.indexed) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(stored()).toBe(20_000);
    expect(await invoke(core, 'messages:search', { query: 'message 19999' })).toMatchObject({
      ok: true,
      value: { hits: [{ snippet: 'message 19999' }] },
    });
  });
});
