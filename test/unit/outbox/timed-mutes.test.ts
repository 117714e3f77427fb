import { describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../shared/ipc/events.ts';
import { DEFAULT_SETTINGS } from '../../../shared/model/settings.ts';
import { createMessagingClient } from '../../../main/core/api/messaging-client.ts';
import { recordingNotifier, silentLogger } from '../../../main/core/ports/node-adapters.ts';
import type { Database } from '../../../main/core/store/database.ts';
import { createSyncEngine } from '../../../main/core/engine/sync-engine.ts';
import { manualClock } from '../../support/manual-clock.ts';
import { localDb, T0 } from './local-db.ts';

/** An engine that never reaches a server: offline from the start, so writes only queue. */
function offlineEngine(db: Database, clock: ReturnType<typeof manualClock>) {
  const events: CoreEvent[] = [];
  const engine = createSyncEngine({
    db,
    api: createMessagingClient({
      baseUrl: 'http://127.0.0.1:9',
      getToken: async () => 'token-alice-0001',
      log: silentLogger,
    }),
    clock,
    log: silentLogger,
    emit: (event) => events.push(event),
    notifier: recordingNotifier(),
    getSettings: () => DEFAULT_SETTINGS,
  });
  engine.setHostState({ online: false });
  engine.start();
  return { engine, events };
}

function state(db: Database, id: string) {
  return db.prepare('SELECT is_muted, muted_until FROM conversations WHERE id = ?').get(id);
}

function queuedMutes(db: Database) {
  return (
    db.prepare("SELECT payload FROM outbox WHERE kind = 'mute' ORDER BY id").all() as {
      payload: string;
    }[]
  ).map((row) => (JSON.parse(row.payload) as { muted: boolean }).muted);
}

describe('timed mutes', () => {
  it('end on time while the app runs: unmuted locally and the unmute queued', async () => {
    const local = localDb();
    const clock = manualClock(T0);
    const { engine, events } = offlineEngine(local.db, clock);
    engine.writes.setMuted('conv_1', true, 60_000);
    expect(state(local.db, 'conv_1')).toEqual({ is_muted: 1, muted_until: T0 + 60_000 });

    await clock.advance(59_999);
    expect(state(local.db, 'conv_1')).toEqual({ is_muted: 1, muted_until: T0 + 60_000 });
    events.length = 0;
    await clock.advance(1);
    expect(state(local.db, 'conv_1')).toEqual({ is_muted: 0, muted_until: null });
    expect(queuedMutes(local.db)).toEqual([true, false]);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'changes', conversations: ['conv_1'] }),
    );
    expect(engine.status().pendingWrites).toBe(2);
    await engine.stop();
  });

  it('that ended while the app was closed are unmuted, and the unmute queued, at the next start', async () => {
    const local = localDb();
    const first = offlineEngine(local.db, manualClock(T0));
    first.engine.writes.setMuted('conv_1', true, 60_000);
    await first.engine.stop();

    const later = manualClock(T0 + 2 * 3_600_000);
    const { engine } = offlineEngine(local.db, later);
    // conv_2's mute (an hour from T0) ran out while closed too.
    expect(state(local.db, 'conv_1')).toEqual({ is_muted: 0, muted_until: null });
    expect(state(local.db, 'conv_2')).toEqual({ is_muted: 0, muted_until: null });
    expect(queuedMutes(local.db)).toEqual([true, false, false]);
    await engine.stop();
  });
});
