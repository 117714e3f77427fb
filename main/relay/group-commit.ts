import type { Envelope } from '../webhook-protocol/envelope.ts';
import type { ThreadedEventStore } from './threaded-event-store.ts';

export interface GroupCommit {
  /** Resolves once the envelope is committed: true if stored, false if its id already was. */
  store(envelope: Envelope): Promise<boolean>;
}

interface Waiting {
  envelope: Envelope;
  settle(outcome: boolean | Error): void;
}

/**
 * One commit at a time, holding every delivery verified while the previous
 * one waited for the disk (synchronous=FULL). Under a burst the commits grow
 * instead of multiplying; each delivery still waits for its own commit before
 * its 200. `onCommitted` runs after every commit that stored something new.
 */
export function createGroupCommit(
  store: ThreadedEventStore,
  now: () => number,
  onCommitted: () => void,
): GroupCommit {
  let queue: Waiting[] = [];
  let committing = false;

  async function commitQueued() {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const stored = await store.insertAll(
          batch.map((waiting) => waiting.envelope),
          now(),
        );
        batch.forEach((waiting, index) => waiting.settle(stored[index] === true));
        if (stored.includes(true)) onCommitted();
      } catch (error) {
        for (const waiting of batch) waiting.settle(error as Error);
      }
    }
    committing = false;
  }

  return {
    store(envelope) {
      return new Promise((resolve, reject) => {
        queue.push({
          envelope,
          settle: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)),
        });
        if (committing) return;
        committing = true;
        // Deliveries read in the same turn of the event loop join this first commit.
        setImmediate(commitQueued);
      });
    },
  };
}
