import type { IncomingMessage } from 'node:http';

/** The largest delivery body accepted; the catalogue service's are a few KiB. */
export const BODY_LIMIT = 1024 * 1024;

/** Whether the announced length alone already exceeds the limit (refuse without reading). */
export function announcedTooLarge(request: IncomingMessage): boolean {
  return Number(request.headers['content-length'] ?? 0) > BODY_LIMIT;
}

/**
 * The body bytes exactly as they arrived (the signature is over these), or
 * null once they pass BODY_LIMIT: reading stops there, and the caller answers
 * 413 and closes the connection. Rejects when the connection ends before the
 * body does: a sender cut off by a receive timeout, or one that gave up.
 */
export function readDeliveryBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) {
        chunks.push(chunk);
        return;
      }
      request.off('data', onData);
      request.pause();
      resolve(null);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks, size)));
    const cutOff = () => reject(new Error('the connection closed before the body arrived'));
    request.once('error', cutOff);
    request.once('close', () => {
      if (!request.complete) cutOff();
    });
  });
}
