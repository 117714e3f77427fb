import { parentPort, workerData } from 'node:worker_threads';
import { openEventStore, RelayDataError, type EventStore } from './event-store.ts';
import type { StoreOpened, StoreReply, StoreRequest } from './threaded-event-store.ts';

/**
 * The worker thread that owns the relay's database. Commits wait for the
 * disk (synchronous=FULL); here they do so without stopping the main
 * thread, which meanwhile reads, verifies and queues the next deliveries.
 */
const port = parentPort;
if (port === null) throw new Error('event-store-thread.ts runs as a worker thread');

let store: EventStore;
try {
  store = openEventStore(workerData as string);
  port.postMessage({
    opened: true,
    relayId: store.relayId,
    lastSeq: store.lastSeq(),
    removedThrough: store.removedThrough(),
  } satisfies StoreOpened);
} catch (error) {
  port.postMessage({
    opened: false,
    message: (error as Error).message,
    dataError: error instanceof RelayDataError,
  } satisfies StoreOpened);
  port.close();
}

port.on('message', (request: StoreRequest) => {
  let reply: StoreReply;
  try {
    reply = {
      id: request.id,
      ok: true,
      value: run(request),
      lastSeq: store.lastSeq(),
      removedThrough: store.removedThrough(),
    };
  } catch (error) {
    reply = { id: request.id, ok: false, message: (error as Error).message };
  }
  port.postMessage(reply);
  if (request.op === 'close') port.close();
});

function run(request: StoreRequest): unknown {
  switch (request.op) {
    case 'insertAll':
      return store.insertAll(request.envelopes, request.receivedAt);
    case 'after':
      return store.after(request.seq, request.limit, request.maxBytes);
    case 'removeReceivedBefore':
      return store.removeReceivedBefore(request.cutoff);
    case 'checkWritable':
      return store.checkWritable(request.at, request.bytes);
    case 'close':
      return store.close();
  }
}
