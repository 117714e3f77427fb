import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { ChangeBatch } from '../events/change-batch.ts';
import { openDatabase } from '../store/database.ts';
import { storeHistoryPages } from './page-store.ts';
import type { WriterReply, WriterRequest } from './history-writer.ts';

/**
 * The history writer's thread (see history-writer.ts): stores the pages it
 * is sent on a connection of its own and answers each with what changed.
 */
const port = parentPort;
if (port === null) throw new Error('history-writer-thread.ts runs as a worker thread');

const db = openDatabase((workerData as { file: string }).file);
// The core's checkpointer copies the log back (store/checkpointer.ts); a commit here must not.
db.exec('PRAGMA wal_autocheckpoint = 0');

port.on('message', (first: WriterRequest) => {
  // Pages that queued up while the last was stored go together, in one transaction: this
  // thread is the slower side of the pipeline, and each commit costs.
  const requests = [first];
  for (let queued = receiveMessageOnPort(port); queued; queued = receiveMessageOnPort(port)) {
    requests.push(queued.message as WriterRequest);
  }
  const stores = requests.filter((request) => request.type === 'store');
  if (stores.length > 0) {
    for (const reply of store(stores)) port.postMessage(reply);
  }
  if (requests.some((request) => request.type === 'close')) {
    db.close();
    port.close();
  }
});

function store(requests: Extract<WriterRequest, { type: 'store' }>[]): WriterReply[] {
  try {
    const batch = new ChangeBatch();
    const stored = storeHistoryPages(
      db,
      requests.map((request) => request.page),
      batch,
    );
    const changes = batch.toEvent();
    return requests.map((request, index) => ({
      id: request.id,
      changes: stored[index] ? changes : null,
    }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return requests.map((request) => ({ id: request.id, error: message }));
  }
}
