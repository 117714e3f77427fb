import { request } from 'node:https';

export type PostOutcome = { status: number } | { error: string };

export interface PostOptions {
  headers: Record<string, string>;
  /** Certificate authorities to trust; undefined means Node's default trust store. */
  ca: string[] | undefined;
  timeoutMs: number;
  signal: AbortSignal;
}

/**
 * One HTTPS POST that never rejects: the receiver's status, or why there was none. The timeout
 * covers the whole exchange; redirects are not followed. A fresh connection per attempt (no
 * agent), so a receiver that resets one attempt cannot poison the next.
 */
export async function postOnce(
  url: string,
  body: Buffer,
  options: PostOptions,
): Promise<PostOutcome> {
  try {
    return await send(url, body, options);
  } catch (error) {
    return { error: describe(error) };
  }
}

function send(url: string, body: Buffer, options: PostOptions): Promise<PostOutcome> {
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'POST',
      agent: false,
      ca: options.ca,
      signal: options.signal,
      headers: {
        ...options.headers,
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
    });
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    // Cleared only when the socket closes: a receiver that answers and then stalls the body is
    // still cut off, and its socket does not linger.
    req.on('close', () => clearTimeout(timer));
    req.on('response', (res) => {
      res.resume();
      res.on('error', () => {});
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('error', (error) => resolve({ error: describe(error) }));
    req.end(body);
  });
}

function describe(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return code ? `${code}: ${message}` : String(message ?? error);
}
