import { channel } from 'node:diagnostics_channel';

/**
 * Node's fetch (undici) announces on this channel each request it has written
 * to its socket; fetch itself says nothing until the answer comes.
 */
const written = channel('undici:request:bodySent');
const waiting = new Map<string, () => void>();

function onWritten(message: unknown): void {
  const headers = (message as { request?: { headers?: unknown } }).request?.headers;
  if (!Array.isArray(headers)) return;
  const at = headers.findIndex(
    (name, index) => index % 2 === 0 && String(name).toLowerCase() === 'idempotency-key',
  );
  if (at >= 0) waiting.get(String(headers[at + 1]))?.();
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
 * whichever comes first: a fetch that announces nothing costs the overlap,
 * never a wait. Work started after this no longer holds the request back.
 */
export async function requestWritten(
  idempotencyKey: string,
  exchange: Promise<unknown>,
): Promise<void> {
  if (waiting.size === 0) written.subscribe(onWritten);
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
    if (waiting.size === 0) written.unsubscribe(onWritten);
  }
}
