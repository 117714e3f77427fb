import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { ChangeBatch } from '../events/change-batch.ts';
import { openDatabase } from '../store/database.ts';
import type { ChangesEvent } from '../../../shared/ipc/events.ts';
import type { WorkerAnswer, WorkerAsk } from '../store/worker-connection.ts';
import { storeHistoryPages, type HistoryPage } from './page-store.ts';
import type { WriterMessage } from './history-writer.ts';

/**
 * The history writer's thread (see history-writer.ts): stores the pages it
 * is sent on a connection of its own and answers each with what changed.
 */
const port = parentPort;
if (port === null) throw new Error('history-writer-thread.ts runs as a worker thread');

const db = openDatabase((workerData as { file: string }).file);
// The core's checkpointer copies the log back (store/checkpointer.ts); a commit here must not.
db.exec('PRAGMA wal_autocheckpoint = 0');

port.on('message', (first: WriterMessage) => {
  // Pages that queued up while the last was stored go together, in one transaction: this
  // thread is the slower side of the pipeline, and each commit costs.
  const messages = [first];
  for (let queued = receiveMessageOnPort(port); queued; queued = receiveMessageOnPort(port)) {
    messages.push(queued.message as WriterMessage);
  }
  const asks = messages.filter((message) => message !== 'close');
  if (asks.length > 0) {
    for (const answer of store(asks)) port.postMessage(answer);
  }
  if (messages.includes('close')) {
    db.close();
    port.close();
  }
});

function store(asks: WorkerAsk<HistoryPage>[]): WorkerAnswer<ChangesEvent | null>[] {
  try {
    const batch = new ChangeBatch();
    const stored = storeHistoryPages(
      db,
      asks.map((ask) => ask.request),
      batch,
    );
    const changes = batch.toEvent();
    return asks.map((ask, index) => ({ id: ask.id, answer: stored[index] ? changes : null }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return asks.map((ask) => ({ id: ask.id, error: message }));
  }
}
