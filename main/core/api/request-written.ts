/** Writes whose leaving is awaited, by idempotency key. */
const waiting = new Map<string, () => void>();

/** The transport's word that the write with this key is on its way to the server. */
export function announceWritten(idempotencyKey: string): void {
  waiting.get(idempotencyKey)?.();
}

/**
 * A write not on the wire by then is not worth waiting for: what waits (the
 * confirmation before it) would show as unsent for as long as a retry or a
 * slow connection takes.
 */
const AT_MOST_MS = 100;

/**
 * Resolves once the write with this idempotency key has left for the server,
 * once `exchange` (the request's whole exchange) settles, or after AT_MOST_MS,
 * whichever comes first: a transport that announces nothing costs the overlap,
 * never a wait. Work started after this no longer holds the request back.
 */
export async function requestWritten(
  idempotencyKey: string,
  exchange: Promise<unknown>,
): Promise<void> {
  const sent = new Promise<void>((resolve) => waiting.set(idempotencyKey, resolve));
  let bound: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      sent,
      exchange.then(undefined, () => {}),
      new Promise<void>((resolve) => {
        bound = setTimeout(resolve, AT_MOST_MS);
        bound.unref();
      }),
    ]);
  } finally {
    clearTimeout(bound);
    waiting.delete(idempotencyKey);
  }
}
