import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { ChangeBatch } from '../events/change-batch.ts';
import { openDatabase } from '../store/database.ts';
import {
  enterWriteGate,
  joinWriteGate,
  leaveWriteGate,
  whenWriteWanted,
  writesBegunFirst,
  writeWanted,
} from '../store/write-gate.ts';
import { settleDerivedPendingInChunks } from '../store/derived-pending.ts';
import { indexSearchBacklog } from '../store/search-backlog.ts';
import type { ChangesEvent } from '../../../shared/ipc/events.ts';
import type { WorkerAnswer, WorkerAsk } from '../store/worker-connection.ts';
import {
  storeConversationsPage,
  storeHistoryPages,
  type ConversationsPage,
  type HistoryPage,
} from './page-store.ts';
import type { WriterMessage } from './history-writer.ts';

/**
 * The history writer's thread (see history-writer.ts): stores the pages it
 * is sent on a connection of its own, their messages left for the search
 * backlog, and answers each once it is committed (with what changed, see
 * `commit`); asked to, it indexes a chunk of that backlog, after the pages
 * sent before the ask.
 */
if (parentPort === null) throw new Error('history-writer-thread.ts runs as a worker thread');
const port = parentPort;

const { file, gate } = workerData as { file: string; gate: SharedArrayBuffer };
const db = openDatabase(file);
// The main thread's writes go first (store/write-gate.ts): a transaction here ends after the page under way.
joinWriteGate(db, gate, 'yields');
// The core's checkpointer copies the log back (store/checkpointer.ts); a commit here must not.
db.exec('PRAGMA wal_autocheckpoint = 0');
/**
 * Pages of the file this connection keeps in memory, in KiB (SQLite's
 * default is 2 MiB). A transaction's changed pages must fit, or SQLite writes
 * them to the log before the commit and again at it; messages whose ids or
 * conversations follow no order touch a page of each index for nearly every
 * message, and 3,200 messages (HOLD_PAGES) touched more than 2 MiB. The
 * thread, and this memory with it, ends once history is stored.
 */
db.exec('PRAGMA cache_size = -16384');
/**
 * Messages indexed per ask: about 10 ms, the longest a write of the main
 * thread, or a page sent meanwhile, waits for the chunk under way.
 */
const INDEX_CHUNK = 5_000;
/**
 * A transaction stays open this long for the pages that follow its first.
 * Pages come every few milliseconds while history is fetched, and a commit
 * writes every page of the file its pages touched, which the next pages
 * touch again: committing each page alone was a fifth of this thread's
 * work. How much a longer transaction saves depends on the server's ids:
 * with ids in creation order and each page's conversations neighbours in
 * the index (the sandbox's), four pages gave as much as thirty-two; with
 * ids and conversations in no order, the initial sync of 100,000 messages
 * took 2.24–2.67 times paging with four pages and 4 ms, 1.52–1.80 times
 * with thirty-two and 32 ms and the larger cache. A write of the main thread
 * waits for the page under way and the commit, not for the rest (the gate,
 * store/write-gate.ts).
 */
const HOLD_MS = 32;
/** …or until it holds this many pages. */
const HOLD_PAGES = 32;
/**
 * While the main thread writes (a user typing, reading, acting), transactions
 * here are short instead, so that each of its writes waits for a small
 * commit: through the initial sync with a draft saved every 20 ms, the long
 * ones made a draft wait 10 ms at the median and up to 38–60 ms with ids in
 * no order, the short ones 3–7 ms and up to 22 ms.
 */
const BUSY_HOLD_MS = 4;
const BUSY_HOLD_PAGES = 4;
/** The main thread counts as writing for this long after it last began a write. */
const BUSY_FOR_MS = 1_000;
/** The main thread's writes seen when a transaction last opened here, and when that count moved. */
let mainWrites = 0;
let mainWroteAt = -Infinity;

/**
 * The transaction held open, the pages stored in it, what they changed, and
 * whether one of them completed history (the conversations left to settle
 * are settled after its commit, see page-store.ts).
 */
interface Held {
  asks: { id: number; stored: boolean }[];
  batch: ChangeBatch;
  opened: number;
  timer: NodeJS.Timeout | null;
  completes: boolean;
}
let held: Held | null = null;

port.on('message', (first: WriterMessage) => {
  const messages = [first];
  for (let queued = receiveMessageOnPort(port); queued; queued = receiveMessageOnPort(port)) {
    messages.push(queued.message as WriterMessage);
  }
  for (const ask of messages) {
    if (ask === 'close') continue;
    if (writeWanted(db)) commit();
    if (ask.request === 'ready') {
      port.postMessage({ id: ask.id, answer: null } satisfies WorkerAnswer<null>);
    } else if (ask.request === 'index-search') {
      indexChunk(ask.id);
    } else if ('list' in ask.request) {
      storeList(ask.id, JSON.parse(ask.request.list) as ConversationsPage);
    } else {
      store({ id: ask.id, request: JSON.parse(ask.request.page) as HistoryPage });
    }
  }
  if (messages.includes('close')) {
    commit();
    db.close();
    port.close();
  } else {
    commitWhenDue();
  }
});

/**
 * A page of the conversation list, stored at once in a transaction of its
 * own: the initial sync waits for the list before the user has it. Null
 * when it was not stored (ConversationsPage).
 */
function storeList(id: number, page: ConversationsPage): void {
  commit();
  try {
    const batch = new ChangeBatch();
    const answer = storeConversationsPage(db, page, batch) ? batch.toEvent() : null;
    port.postMessage({ id, answer } satisfies WorkerAnswer<ChangesEvent | null>);
  } catch (error) {
    port.postMessage({ id, error: messageOf(error) } satisfies WorkerAnswer<null>);
  }
}

/** Stores a page in the held transaction, opening one if none is. */
function store(ask: WorkerAsk<HistoryPage>): void {
  if (held === null) {
    enterWriteGate(db);
    db.exec('BEGIN IMMEDIATE');
    const opened: Held = {
      asks: [],
      batch: new ChangeBatch(),
      opened: performance.now(),
      timer: null,
      completes: false,
    };
    held = opened;
    const writes = writesBegunFirst(db);
    if (writes !== mainWrites) {
      mainWrites = writes;
      mainWroteAt = opened.opened;
    }
    // Held open for more pages, it ends as soon as the main thread wants to write.
    void whenWriteWanted(db, HOLD_MS).then(() => {
      if (held === opened && writeWanted(db)) commit();
    });
  }
  try {
    const [stored] = storeHistoryPages(db, [ask.request], held.batch, true);
    held.asks.push({ id: ask.id, stored: stored === true });
    if (stored === true && ask.request.to.done) held.completes = true;
  } catch (error) {
    // Nothing of the transaction is kept: the pages before this one fail with it.
    const failed = held;
    held = null;
    if (failed.timer !== null) clearTimeout(failed.timer);
    db.exec('ROLLBACK');
    leaveWriteGate(db);
    for (const { id } of [...failed.asks, ask]) {
      port.postMessage({ id, error: messageOf(error) } satisfies WorkerAnswer<null>);
    }
  }
}

/** Commits the held transaction once it is old or full enough; else when it will be. */
function commitWhenDue(): void {
  if (held === null) return;
  const now = performance.now();
  const age = now - held.opened;
  const busy = now - mainWroteAt < BUSY_FOR_MS;
  const holdMs = busy ? BUSY_HOLD_MS : HOLD_MS;
  const holdPages = busy ? BUSY_HOLD_PAGES : HOLD_PAGES;
  // History's last page is not kept waiting: the sync is done once it is stored.
  if (age >= holdMs || held.asks.length >= holdPages || held.completes || writeWanted(db)) {
    return commit();
  }
  held.timer ??= setTimeout(commit, holdMs - age);
}

/**
 * Commits what is held and answers its pages: null for one not stored; what
 * the commit changed goes with the last page stored, and those before it
 * answer with no changes. Their pages land in one batch either way, and a
 * commit that settles history's conversations can name every conversation:
 * sent with each page, each copy was merged again on the main thread.
 */
function commit(): void {
  if (held === null) return;
  const done = held;
  held = null;
  if (done.timer !== null) clearTimeout(done.timer);
  try {
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    leaveWriteGate(db);
    for (const { id } of done.asks) {
      port.postMessage({ id, error: messageOf(error) } satisfies WorkerAnswer<null>);
    }
    return;
  }
  leaveWriteGate(db);
  if (done.completes) settleRest(done.batch);
  const changes = done.batch.toEvent();
  const last = done.asks.findLast(({ stored }) => stored);
  const none = new ChangeBatch().toEvent();
  for (const ask of done.asks) {
    const answer = ask.stored ? (ask === last ? changes : none) : null;
    port.postMessage({ id: ask.id, answer } satisfies WorkerAnswer<ChangesEvent | null>);
  }
}

/**
 * The conversations history's last page left to settle, a chunk to a
 * transaction, so that a write of the main thread waits for one chunk at
 * most. Should it fail, they stay waiting, and the main thread settles them
 * once it sees history done (engine/sync-engine.ts); the pages are stored.
 */
function settleRest(batch: ChangeBatch): void {
  try {
    settleDerivedPendingInChunks(db, batch);
  } catch {
    // Left waiting, as above.
  }
}

/**
 * Indexes a chunk of the search backlog in a transaction of its own, after
 * the pages held; answers whether any is left. The main thread asks for
 * each chunk once the last is answered (history-writer.ts).
 */
function indexChunk(id: number): void {
  commit();
  try {
    const more = indexSearchBacklog(db, INDEX_CHUNK);
    port.postMessage({ id, answer: more } satisfies WorkerAnswer<boolean>);
  } catch (error) {
    port.postMessage({ id, error: messageOf(error) } satisfies WorkerAnswer<null>);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
