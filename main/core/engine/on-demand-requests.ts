import { isLocalId } from '../../../shared/model/local-id.ts';
import { ApiError } from '../api/api-error.ts';
import { CoreError, notFound } from '../errors/core-error.ts';
import { ChangeBatch } from '../events/change-batch.ts';
import type { Database } from '../store/database.ts';
import { statement } from '../store/statement-cache.ts';
import { fetchMissingMessage } from '../sync/on-demand.ts';
import type { RoundResult, SyncContext } from '../sync/sync-steps.ts';
import type { HistoryRunner } from './history-runner.ts';

/**
 * What the user asked for that needs the server now (older messages of a
 * thread, a message not stored yet): ahead of the background history, with
 * its changes emitted at once and server failures in words for the user.
 */
export function createOnDemandRequests(deps: {
  db: Database;
  history: HistoryRunner;
  context(): SyncContext;
  emitChanges(batch: ChangeBatch): void;
}) {
  async function request<T>(work: (ctx: SyncContext, result: RoundResult) => Promise<T>) {
    const result: RoundResult = { batch: new ChangeBatch(), incoming: [], notices: [] };
    try {
      return await deps.history.ahead(() => work(deps.context(), result));
    } catch (error) {
      throw error instanceof ApiError ? asCoreError(error) : error;
    } finally {
      deps.emitChanges(result.batch);
    }
  }

  /** Applied synchronously, settled as a promise like the writes that must ask the server first. */
  function now<T>(act: () => T): Promise<T> {
    try {
      return Promise.resolve(act());
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  return {
    request,
    /**
     * Applies a write on a message: at once when it is stored here; otherwise
     * the server's copy is fetched first, so a message the server lists can
     * be changed before a sync has brought it.
     */
    onMessage<T>(messageId: string, act: () => T): Promise<T> {
      const stored =
        isLocalId(messageId) ||
        statement(deps.db, 'SELECT 1 FROM messages WHERE id = ?').get(messageId) !== undefined;
      if (!stored) {
        return request((ctx, result) => fetchMissingMessage(ctx, result, messageId)).then(act);
      }
      return now(act);
    },
    now,
  };
}

function asCoreError(error: ApiError): CoreError {
  switch (error.kind) {
    case 'not-found':
      return notFound('The message');
    case 'network':
    case 'timeout':
      return new CoreError('network', 'The server cannot be reached; try again when online');
    case 'unauthorized':
      return new CoreError('unauthorized', 'The server did not accept the access token');
    case 'rate-limited':
      return new CoreError('rate-limited', 'The server asks to wait a moment; try again shortly');
    default:
      return new CoreError('server', 'The server could not answer; try again later');
  }
}
