import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { ChangeBatch } from '../events/change-batch.ts';
import { openDatabase } from '../store/database.ts';
import { indexSearchBacklogInTurns } from '../store/search-backlog.ts';
import type { ChangesEvent } from '../../../shared/ipc/events.ts';
import type { WorkerAnswer, WorkerAsk } from '../store/worker-connection.ts';
import { storeHistoryPages, type HistoryPage } from './page-store.ts';
import type { WriterMessage, WriterRequest } from './history-writer.ts';

/**
 * The history writer's thread (see history-writer.ts): stores the pages it
 * is sent on a connection of its own, their messages left for the search
 * backlog, and answers each with what changed; asked to, it indexes that
 * backlog a chunk at a time, storing pages sent meanwhile between chunks.
 */
if (parentPort === null) throw new Error('history-writer-thread.ts runs as a worker thread');
const port = parentPort;

const db = openDatabase((workerData as { file: string }).file);
// The core's checkpointer copies the log back (store/checkpointer.ts); a commit here must not.
db.exec('PRAGMA wal_autocheckpoint = 0');
/** Messages indexed between turns: about 10 ms, the longest a page sent meanwhile waits. */
const INDEX_CHUNK = 5_000;
/** Asks to index the backlog, answered together once it is empty. */
let indexAsks: number[] = [];
let closed = false;

port.on('message', (first: WriterMessage) => {
  // Pages that queued up while the last was stored go together, in one transaction: this
  // thread is the slower side of the pipeline, and each commit costs.
  const messages = [first];
  for (let queued = receiveMessageOnPort(port); queued; queued = receiveMessageOnPort(port)) {
    messages.push(queued.message as WriterMessage);
  }
  const asks = messages.filter((message) => message !== 'close');
  const pages = asks.filter(isPage);
  if (pages.length > 0) {
    for (const answer of store(pages)) port.postMessage(answer);
  }
  const indexing = indexAsks.length > 0;
  indexAsks.push(...asks.filter((ask) => !isPage(ask)).map((ask) => ask.id));
  if (messages.includes('close')) {
    closed = true;
    db.close();
    port.close();
  } else if (!indexing && indexAsks.length > 0) {
    void indexBacklog();
  }
});

function isPage(ask: WorkerAsk<WriterRequest>): ask is WorkerAsk<HistoryPage> {
  return ask.request !== 'index-search';
}

function store(asks: WorkerAsk<HistoryPage>[]): WorkerAnswer<ChangesEvent | null>[] {
  try {
    const batch = new ChangeBatch();
    const stored = storeHistoryPages(
      db,
      asks.map((ask) => ask.request),
      batch,
      true,
    );
    const changes = batch.toEvent();
    return asks.map((ask, index) => ({ id: ask.id, answer: stored[index] ? changes : null }));
  } catch (error) {
    return asks.map((ask) => ({ id: ask.id, error: messageOf(error) }));
  }
}

/** The whole backlog, pages sent meanwhile stored between chunks; then every ask to index is answered. */
async function indexBacklog(): Promise<void> {
  let answer: { answer: null } | { error: string };
  try {
    await indexSearchBacklogInTurns(db, () => closed, INDEX_CHUNK);
    answer = { answer: null };
  } catch (error) {
    answer = { error: messageOf(error) };
  }
  if (closed) return;
  for (const id of indexAsks) port.postMessage({ id, ...answer });
  indexAsks = [];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
