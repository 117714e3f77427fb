import type { Envelope } from '../webhook-protocol/envelope.ts';
import type { EventStore } from './event-store.ts';

export interface GroupCommit {
  /** Resolves once the envelope is committed: true if stored, false if its id already was. */
  store(envelope: Envelope): Promise<boolean>;
}

interface Waiting {
  envelope: Envelope;
  settle(outcome: boolean | Error): void;
}

/**
 * Deliveries verified in the same turn of the event loop share one commit.
 * With `synchronous=FULL` every commit waits for the disk, and while it does
 * the next deliveries queue up, so under a burst the commits grow instead of
 * multiplying. Each delivery still waits for its own commit before its 200.
 * `onCommitted` runs after every commit that stored something new.
 */
export function createGroupCommit(
  store: EventStore,
  now: () => number,
  onCommitted: () => void,
): GroupCommit {
  let queue: Waiting[] = [];

  function commit() {
    const batch = queue;
    queue = [];
    let stored: boolean[];
    try {
      stored = store.insertAll(
        batch.map((waiting) => waiting.envelope),
        now(),
      );
    } catch (error) {
      for (const waiting of batch) waiting.settle(error as Error);
      return;
    }
    batch.forEach((waiting, index) => waiting.settle(stored[index] === true));
    if (stored.includes(true)) onCommitted();
  }

  return {
    store(envelope) {
      return new Promise((resolve, reject) => {
        if (queue.length === 0) setImmediate(commit);
        queue.push({
          envelope,
          settle: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)),
        });
      });
    },
  };
}
