import { parentPort, workerData } from 'node:worker_threads';
import { ChangeBatch } from '../events/change-batch.ts';
import { openDatabase } from '../store/database.ts';
import { storeHistoryPage } from './page-store.ts';
import type { WriterReply, WriterRequest } from './history-writer.ts';

/**
 * The history writer's thread (see history-writer.ts): stores each page it
 * is sent on a connection of its own and answers with what changed.
 */
const port = parentPort;
if (port === null) throw new Error('history-writer-thread.ts runs as a worker thread');

const db = openDatabase((workerData as { file: string }).file);
// The core's checkpointer copies the log back (store/checkpointer.ts); a commit here must not.
db.exec('PRAGMA wal_autocheckpoint = 0');

port.on('message', (request: WriterRequest) => {
  if (request.type === 'close') {
    db.close();
    port.close();
    return;
  }
  let reply: WriterReply;
  try {
    const batch = new ChangeBatch();
    const stored = storeHistoryPage(db, request.page, batch);
    reply = { id: request.id, changes: stored ? batch.toEvent() : null };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
