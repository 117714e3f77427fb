/**
 * Runs `step` once per turn of the event loop until it says nothing is left
 * or `stopped()`, so what else the thread does (IPC answers, timers, pages to
 * store) goes on between steps. Each step is one short transaction.
 */
export async function inTurns(step: () => boolean, stopped: () => boolean): Promise<void> {
  while (!stopped() && step()) await new Promise((resolve) => setImmediate(resolve));
}
