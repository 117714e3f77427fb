import type { CoreEvent } from '../../../shared/ipc/events.ts';
import type { SyncStatus } from '../../../shared/model/session.ts';
import type { Clock } from '../ports/ports.ts';
import type { Database } from '../store/database.ts';
import { counts } from '../store/outbox-entries.ts';
import { hasSearchBacklog } from '../store/search-backlog.ts';
import { readHistoryProgress, readInitialProgress } from '../sync/sync-progress.ts';

/**
 * While the outbox drains or history arrives, the counts change with every
 * step; the renderer gets them at most this often instead of once per step.
 */
const STATUS_BATCH_MS = 100;

/** The status the renderer shows: connection, outbox counts, sync progress; emitted when it changes. */
export function createSyncStatus(deps: {
  db: Database;
  clock: Clock;
  emit(event: CoreEvent): void;
}) {
  const { db, clock } = deps;
  let connection: SyncStatus['connection'] = 'connecting';
  let lastSyncedAt: number | null = null;
  let lastError: string | null = null;
  let lastStatus = '';
  let timer: { cancel(): void } | null = null;
  let stopped = false;

  function read(): SyncStatus {
    const outbox = counts(db);
    const initial = readInitialProgress(db);
    const history = readHistoryProgress(db);
    return {
      connection,
      pendingWrites: outbox.pending,
      failedWrites: outbox.failed,
      initialSync: { done: initial.phase === 'done', pages: initial.pages, items: initial.items },
      history: { done: history.done, items: history.items, indexed: !hasSearchBacklog(db) },
      lastSyncedAt,
      lastError,
    };
  }

  function publish(): void {
    if (stopped) return;
    const next = read();
    const serialized = JSON.stringify(next);
    if (serialized === lastStatus) return;
    lastStatus = serialized;
    deps.emit({ type: 'status', status: next });
  }

  return {
    read,
    publish,
    publishSoon(): void {
      if (stopped) return;
      timer ??= clock.setTimeout(() => {
        timer = null;
        publish();
      }, STATUS_BATCH_MS);
    },
    setConnection(next: SyncStatus['connection'], error: string | null = lastError): void {
      connection = next;
      lastError = error;
      publish();
    },
    synced(): void {
      lastSyncedAt = clock.now();
    },
    get connection() {
      return connection;
    },
    stop(): void {
      stopped = true;
      timer?.cancel();
      timer = null;
    },
  };
}
