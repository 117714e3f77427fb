import { Worker } from 'node:worker_threads';
import type { Envelope } from '../webhook-protocol/envelope.ts';
import { RelayDataError, type EventPage } from './event-store.ts';

export type StoreRequest = { id: number } & (
  | { op: 'insertAll'; envelopes: readonly Envelope[]; receivedAt: number }
  | { op: 'after'; seq: number; limit: number; maxBytes: number }
  | { op: 'removeReceivedBefore'; cutoff: number }
  | { op: 'checkWritable'; at: number; bytes: number }
  | { op: 'close' }
);

export type StoreReply =
  | { id: number; ok: true; value: unknown; lastSeq: number; removedThrough: number }
  | { id: number; ok: false; message: string };

export type StoreOpened =
  | { opened: true; relayId: string; lastSeq: number; removedThrough: number }
  | { opened: false; message: string; dataError: boolean };

/**
 * The event store (event-store.ts) run on its own thread: the same
 * operations, asynchronous. `lastSeq` and `removedThrough` are mirrored on
 * this side after every reply, so a pull can decide at once whether there is
 * anything to read or whether to hold.
 */
export interface ThreadedEventStore {
  readonly relayId: string;
  lastSeq(): number;
  removedThrough(): number;
  insertAll(envelopes: readonly Envelope[], receivedAt: number): Promise<boolean[]>;
  after(seq: number, limit: number, maxBytes: number): Promise<EventPage>;
  removeReceivedBefore(cutoff: number): Promise<number>;
  checkWritable(at: number, bytes: number): Promise<void>;
  /** Why the store thread can do nothing more (it died), or null while it runs. */
  failure(): Error | null;
  /** Why the last write failed, or null if it succeeded (a thread that died aside). */
  writeFailure(): Error | null;
  close(): Promise<void>;
}

type Call = { op: StoreRequest['op'] } & Record<string, unknown>;

/**
 * Where a bundle that embeds the relay put its build of event-store-thread.ts,
 * relative to the bundled code that starts it (esbuild.config.ts defines it
 * for the app's main process). Run from source, the thread is the .ts beside
 * this file.
 */
declare const PARLEY_RELAY_STORE_THREAD: string | undefined;
const STORE_THREAD =
  typeof PARLEY_RELAY_STORE_THREAD === 'string'
    ? PARLEY_RELAY_STORE_THREAD
    : './event-store-thread.ts';

/**
 * Starts the store thread on `file`. Rejects (RelayDataError) when the file
 * cannot be used. `onFailure` hears of a thread that dies afterwards; every
 * call then rejects.
 */
export async function openThreadedEventStore(
  file: string,
  onFailure: (error: Error) => void,
): Promise<ThreadedEventStore> {
  const worker = new Worker(new URL(STORE_THREAD, import.meta.url), {
    workerData: file,
  });
  const opened = await new Promise<StoreOpened>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if (!opened.opened) {
    throw opened.dataError ? new RelayDataError(opened.message) : new Error(opened.message);
  }

  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let lastSeq = opened.lastSeq;
  let removedThrough = opened.removedThrough;
  let failure: Error | null = null;
  let closing = false;

  worker.on('message', (reply: StoreReply) => {
    const call = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) {
      lastSeq = reply.lastSeq;
      removedThrough = reply.removedThrough;
      call?.resolve(reply.value);
    } else {
      call?.reject(new Error(reply.message));
    }
  });
  const fail = (error: Error) => {
    if (failure !== null) return;
    failure = error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
    onFailure(error);
  };
  worker.on('error', (error) =>
    fail(new Error(`the relay's store thread failed: ${error.message}`)),
  );
  worker.on('exit', (code) => {
    if (!closing) fail(new Error(`the relay's store thread stopped (exit ${code})`));
  });

  function call<T>(request: Call): Promise<T> {
    if (failure !== null) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  let writeFailure: Error | null = null;
  async function write<T>(request: Call): Promise<T> {
    try {
      const value = await call<T>(request);
      writeFailure = null;
      return value;
    } catch (error) {
      writeFailure = error as Error;
      throw error;
    }
  }

  return {
    relayId: opened.relayId,
    lastSeq: () => lastSeq,
    removedThrough: () => removedThrough,
    insertAll: (envelopes, receivedAt) => write({ op: 'insertAll', envelopes, receivedAt }),
    after: (seq, limit, maxBytes) => call({ op: 'after', seq, limit, maxBytes }),
    removeReceivedBefore: (cutoff) => write({ op: 'removeReceivedBefore', cutoff }),
    checkWritable: (at, bytes) => write({ op: 'checkWritable', at, bytes }),
    failure: () => failure,
    writeFailure: () => writeFailure,
    async close() {
      if (closing) return;
      closing = true;
      if (failure === null) await call({ op: 'close' });
      await worker.terminate();
    },
  };
}
