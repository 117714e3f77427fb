import type { Clock } from '../ports/ports.ts';

/** This long without an event, in the background, before the heap is trimmed: a round is over. */
const QUIET_MS = 5_000;
/** Growth of the committed heap since the last trim that makes another worth its pause. */
const WORTH_TRIMMING_BYTES = 8 * 1024 * 1024;

export interface HeapTrim {
  /** The window went out of sight (hidden, minimized) or came back. */
  setBackground(background: boolean): void;
  /** Something happened (an event went out): the quiet spell starts again. */
  busy(): void;
  stop(): void;
}

/**
 * Gives back to the system the heap a busy spell grew. V8 keeps what it grew
 * to: a first sync's rounds take the committed heap from about 30 MB to 60,
 * and it stays there for as long as the app runs. A memory-reducing
 * collection returns it (an idle core with a million messages: 118 MB
 * resident to 98), but holds the main thread for about a tenth of a second,
 * every IPC answer with it. So it runs only while the window is out of
 * sight, after QUIET_MS without an event, and after the first trim only when
 * the heap has grown since the last: as Chromium purges a tab's memory once
 * it is in the background, not on a timer. The first trim needs no growth:
 * loading the app grows the heap before any of this starts (36 MB committed
 * for 17 MB in use, with the demo workspace); measured from there, the demo's
 * sync grew it less than the threshold, and nothing was ever given back.
 */
export function createHeapTrim(deps: {
  clock: Clock;
  /** The collection (memory-reducing-gc.ts). */
  collect(): void;
  /** The bytes the heap holds from the system now. */
  heapSize(): number;
}): HeapTrim {
  const { clock } = deps;
  let background = true;
  let lastBusyAt = clock.now();
  /** The heap the last trim left; none yet. */
  let trimmedTo: number | null = null;
  let timer: { cancel(): void } | null = null;
  let stopped = false;

  function arm(delay: number): void {
    if (stopped || !background || timer !== null) return;
    timer = clock.setTimeout(fire, delay);
  }

  function fire(): void {
    timer = null;
    const quietFor = clock.now() - lastBusyAt;
    if (quietFor < QUIET_MS) return arm(QUIET_MS - quietFor);
    if (!background) return;
    if (trimmedTo !== null && deps.heapSize() - trimmedTo < WORTH_TRIMMING_BYTES) return;
    deps.collect();
    trimmedTo = deps.heapSize();
  }

  arm(QUIET_MS);
  return {
    setBackground(value) {
      background = value;
      if (background) arm(QUIET_MS);
    },
    busy() {
      lastBusyAt = clock.now();
      arm(QUIET_MS);
    },
    stop() {
      stopped = true;
      timer?.cancel();
      timer = null;
    },
  };
}
