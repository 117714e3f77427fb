import { Agent as HttpsAgent, request, type Agent } from 'node:https';
import type { SecureContext } from 'node:tls';

export type PostOutcome = { status: number } | { error: string };

export interface PostOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal;
  /** Opens a new connection per request and resumes TLS sessions (see deliveryAgent). */
  agent: Agent;
}

/**
 * Connections for deliveries: a fresh one per attempt (never kept alive), so a receiver that
 * resets one attempt cannot poison the next, but resuming the TLS session the receiver gave last
 * time, so a burst of deliveries does not pay a full handshake (key exchange and certificate
 * check) each. A receiver that does not resume simply gets full handshakes. `trusting` is the
 * one context of certificate authorities every connection trusts (undefined: Node's default).
 */
export function deliveryAgent(trusting: SecureContext | undefined): Agent {
  return new HttpsAgent({ keepAlive: false, maxCachedSessions: 256, secureContext: trusting });
}

/**
 * One HTTPS POST that never rejects: the receiver's status, or why there was none. The timeout
 * covers the whole exchange; redirects are not followed.
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
      agent: options.agent,
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
