import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UpdateState } from '../../../shared/model/desktop.ts';
import type { CoreEvent } from '../../../shared/ipc/events.ts';
import { createCore, type Core } from '../../../main/core/create-core.ts';
import type { DesktopHost } from '../../../main/core/ports/ports.ts';
import { INITIAL_UPDATE_STATE } from '../../../main/desktop/update-policy.ts';
import { seedConversation, seedOutbox } from '../../support/store-fixtures.ts';
import { plainNodeDeps } from '../core-harness.ts';

/** A desktop host whose update is downloaded, that counts the restarts it is asked for. */
function hostWithUpdate() {
  const listeners = new Set<(state: UpdateState) => void>();
  let state: UpdateState = { ...INITIAL_UPDATE_STATE, status: 'ready', version: '0.2.0' };
  const host = {
    restarts: 0,
    publish(next: UpdateState) {
      state = next;
      for (const listener of listeners) listener(state);
    },
    capabilities: () => ({
      closeToTray: true,
      startAtLogin: true,
      spellCheckLanguages: ['en-US', 'de'],
      systemSpellCheckLanguages: ['en-US'],
    }),
    updates: {
      state: () => state,
      check: async () => state,
      restart: () => void (host.restarts += 1),
      onChange(listener: (next: UpdateState) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  } satisfies DesktopHost & Record<string, unknown>;
  return host;
}

let core: Core;
let dataDir: string;
afterEach(async () => {
  await core.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function start(desktop?: DesktopHost) {
  dataDir = mkdtempSync(join(tmpdir(), 'parley-update-'));
  core = createCore(plainNodeDeps(dataDir, desktop ? { desktop } : {}));
  const events: CoreEvent[] = [];
  core.onEvent((event) => events.push(event));
  return events;
}

describe('"Restart to update" and the outbox', () => {
  it('restarts at once when nothing waits to be sent', async () => {
    const host = hostWithUpdate();
    start(host);
    expect(await core.router.handle('updates:restart', { force: false })).toEqual({
      ok: true,
      value: { restarting: true, pendingWrites: 0 },
    });
    expect(host.restarts).toBe(1);
  });

  it('says how many writes still wait, and restarts only when asked again with force', async () => {
    const host = hostWithUpdate();
    start(host);
    seedConversation(core.db, { id: 'c_1', contactId: 'ava' });
    seedOutbox(core.db, { kind: 'send', conversationId: 'c_1', targetId: 'local_1' });
    seedOutbox(core.db, { kind: 'react', conversationId: 'c_1', targetId: 'm_1' });

    expect(await core.router.handle('updates:restart', { force: false })).toEqual({
      ok: true,
      value: { restarting: false, pendingWrites: 2 },
    });
    expect(host.restarts).toBe(0);
    expect(await core.router.handle('updates:restart', { force: true })).toEqual({
      ok: true,
      value: { restarting: true, pendingWrites: 2 },
    });
    expect(host.restarts).toBe(1);
  });

  it('tells the renderer when the update state changes', () => {
    const host = hostWithUpdate();
    const events = start(host);
    host.publish({ ...INITIAL_UPDATE_STATE, status: 'downloading', version: '0.3.0', percent: 40 });
    expect(events.at(-1)).toEqual({
      type: 'update',
      state: expect.objectContaining({ status: 'downloading', percent: 40 }),
    });
  });

  it('in the preview and the CLI: no update, and a restart is refused with a reason', async () => {
    start();
    expect(await core.router.handle('updates:get', {})).toMatchObject({
      ok: true,
      value: { status: 'off', reason: 'not-installed' },
    });
    expect(await core.router.handle('updates:restart', { force: true })).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'No update has been downloaded yet.', field: null },
    });
    expect(await core.router.handle('desktop:capabilities', {})).toEqual({
      ok: true,
      value: {
        closeToTray: false,
        startAtLogin: false,
        spellCheckLanguages: [],
        systemSpellCheckLanguages: [],
      },
    });
  });
});
