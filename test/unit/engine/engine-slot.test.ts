import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import { CoreError } from '../../../main/core/errors/core-error.ts';
import { recordingNotifier, silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { systemClock } from '../../../main/core/ports/ports.ts';
import { createEngineSlot } from '../../../main/core/engine/engine-slot.ts';
import { syncHandlers } from '../../../main/core/ipc/handlers/sync-handlers.ts';
import type { SessionService, Workspace } from '../../../main/core/session/session-service.ts';
import { openDatabase, type Database } from '../../../main/core/store/database.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox.ts';
import { DEFAULT_SETTINGS } from '../../../shared/model/settings.ts';

const alice = { contactId: 'alice', token: 'token-alice-0001' };

/** The database as the engine sees it, refusing every query while `failing` (a disk error, say). */
function faultyDatabase(db: Database) {
  const state = { failing: false };
  const proxy = new Proxy(db, {
    get(target, property) {
      if (property === 'prepare' && state.failing) {
        return () => {
          throw new Error('disk I/O error');
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy, state };
}

describe('the engine slot', () => {
  let sandbox: Sandbox;
  let db: Database;

  beforeEach(async () => {
    sandbox = await startSandbox({ users: [alice] });
    db = openDatabase(':memory:');
  });

  afterEach(async () => {
    await sandbox.close();
    db.close();
  });

  it('survives an engine that fails to start: the next workspace still gets one', async () => {
    const faulty = faultyDatabase(db);
    let announce: (workspace: Workspace | null) => void = () => {};
    const session = {
      get: () => ({ state: 'signed-in' }),
      onWorkspace: (listener: (workspace: Workspace | null) => void) => {
        announce = listener;
        return () => {};
      },
      markUnauthorized() {},
    } as unknown as SessionService;
    const errors: string[] = [];
    const slot = createEngineSlot({
      db: faulty.db,
      session,
      clock: systemClock,
      log: { ...silentLogger, error: (message) => void errors.push(message) },
      notifier: recordingNotifier(),
      emit() {},
      getSettings: () => DEFAULT_SETTINGS,
    });
    const workspace: Workspace = {
      api: createMessagingClient({
        baseUrl: sandbox.url,
        getToken: async () => alice.token,
        log: silentLogger,
      }),
      baseUrl: sandbox.url,
      demo: false,
    };

    faulty.state.failing = true;
    announce(workspace);
    await expect(slot.settled()).resolves.toBeUndefined();
    expect(errors).toEqual(['sync engine not started']);
    const handlers = syncHandlers(slot, { setBackground() {} });
    const refused = handlers['sync:now']({});
    await expect(refused).rejects.toBeInstanceOf(CoreError);
    await expect(refused).rejects.toThrow('Sign in to a server first.');

    faulty.state.failing = false;
    announce(workspace);
    await slot.settled();
    await expect(handlers['sync:now']({})).resolves.toEqual({});
    expect((await handlers['status:get']({})).connection).toBe('online');
    await slot.stop();
  });
});
