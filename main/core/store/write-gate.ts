import type { Database } from './database.ts';

/**
 * Who goes first when two connections of this process want SQLite's one
 * write lock: the main thread's writes (a user's action, a poll round, a
 * webhook) before background history's, so the event loop never waits long
 * for a lock the history writer holds.
 *
 * SQLite's own busy handler sleeps 1, 2, 5, 10, 15, 20, 25, 50, 100 ms
 * between tries and gets the lock only if it happens to be free at one of
 * them. With history stored in back-to-back transactions it seldom was: a
 * draft saved every 20 ms through the initial sync of 100,000 messages took
 * 5.2–5.4 ms at the median and up to 82–107 ms. Through the gate the main
 * thread says it is waiting, the writer commits after the page under way
 * and begins no transaction until the main thread's has ended, and the main
 * thread waits for exactly that, on counters shared between the threads.
 *
 * Only transactions (database.ts) pass the gate: a write of the main thread
 * is made in one, or it waits on the busy handler as before.
 */
const WANTED = 0;
const HELD = 1;
/** How many write transactions the side that goes first has begun. */
const BEGUN = 2;
/** Past this the gate stops waiting and the busy timeout takes over: a stuck thread never holds the other. */
const AT_MOST_MS = 200;

/** `first`: the main thread's connection; `yields`: the history writer's. */
export type WriteGateRole = 'first' | 'yields';

interface Gate {
  cells: Int32Array;
  role: WriteGateRole;
}
const gates = new WeakMap<Database, Gate>();

export function createWriteGate(): SharedArrayBuffer {
  return new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
}

/** Makes `db`'s transactions (database.ts) pass the gate shared through `buffer`. */
export function joinWriteGate(db: Database, buffer: SharedArrayBuffer, role: WriteGateRole): void {
  gates.set(db, { cells: new Int32Array(buffer), role });
}

/** Before a connection begins a write transaction. */
export function enterWriteGate(db: Database): void {
  const gate = gates.get(db);
  if (gate === undefined) return;
  const { cells } = gate;
  const until = performance.now() + AT_MOST_MS;
  if (gate.role === 'first') {
    Atomics.add(cells, BEGUN, 1);
    Atomics.add(cells, WANTED, 1);
    // Wakes a writer holding its transaction open for more pages (whenWriteWanted).
    Atomics.notify(cells, WANTED);
    while (Atomics.load(cells, HELD) === 1) {
      const left = until - performance.now();
      if (left <= 0 || Atomics.wait(cells, HELD, 1, left) === 'timed-out') break;
    }
    return;
  }
  for (;;) {
    Atomics.store(cells, HELD, 1);
    const wanted = Atomics.load(cells, WANTED);
    if (wanted === 0) return;
    letGo(cells);
    const left = until - performance.now();
    if (left <= 0) {
      Atomics.store(cells, HELD, 1);
      return;
    }
    Atomics.wait(cells, WANTED, wanted, left);
  }
}

/** After a connection's write transaction ended, committed or not. */
export function leaveWriteGate(db: Database): void {
  const gate = gates.get(db);
  if (gate === undefined) return;
  const { cells } = gate;
  if (gate.role === 'first') {
    Atomics.sub(cells, WANTED, 1);
    Atomics.notify(cells, WANTED);
  } else {
    letGo(cells);
  }
}

/** The thread that yields through `buffer` has ended, perhaps inside a transaction: it holds nothing now. */
export function yieldingThreadEnded(buffer: SharedArrayBuffer): void {
  letGo(new Int32Array(buffer));
}

/** The yielding side holds no transaction: a write waiting on it goes ahead. */
function letGo(cells: Int32Array): void {
  Atomics.store(cells, HELD, 0);
  Atomics.notify(cells, HELD);
}

/**
 * Resolves once the other side wants to write, or after `withinMs`, for a
 * connection that yields and holds a transaction open while it waits for
 * more work: a wait that never ends would outlive the transaction.
 */
export async function whenWriteWanted(db: Database, withinMs: number): Promise<void> {
  const gate = gates.get(db);
  if (gate === undefined || gate.role !== 'yields') return;
  const wait = Atomics.waitAsync(gate.cells, WANTED, 0, withinMs);
  if (wait.async) await wait.value;
}

/** How many write transactions the other side (the one that goes first) has begun so far. */
export function writesBegunFirst(db: Database): number {
  const gate = gates.get(db);
  return gate === undefined ? 0 : Atomics.load(gate.cells, BEGUN);
}

/** Whether a connection that yields should end its transaction now: the other waits. */
export function writeWanted(db: Database): boolean {
  const gate = gates.get(db);
  return gate !== undefined && gate.role === 'yields' && Atomics.load(gate.cells, WANTED) > 0;
}
