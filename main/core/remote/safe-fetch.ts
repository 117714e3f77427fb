import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkDestination, OutboundRefused } from './outbound-policy.ts';

export interface SafeFetchOptions {
  method: 'GET' | 'HEAD';
  /** The signed-in messaging server's origin, allowed on any address (outbound-policy.ts). */
  trustedOrigin: string | null;
  /** Bytes of body read at most; a longer body fails the fetch. */
  maxBytes: number;
  timeoutMs: number;
  accept: string;
}

export interface FetchedResource {
  url: URL;
  status: number;
  contentType: string | null;
  contentLength: number | null;
  /** Empty for HEAD. */
  body: Buffer;
}

/** A fetch that failed for a reason worth telling apart. */
export class RemoteFetchError extends Error {
  readonly reason: 'refused' | 'too-large' | 'status' | 'network' | 'redirects';
  constructor(reason: RemoteFetchError['reason'], message: string) {
    super(message);
    this.name = 'RemoteFetchError';
    this.reason = reason;
  }
}

const MAX_REDIRECTS = 5;

/**
 * One GET or HEAD under the outbound policy. Redirects are followed here, one
 * hop at a time, each checked like the first; every connection resolves its
 * host through the policy's lookup and connects to the address it checked.
 * No cookies, no referrer, no credentials, nothing but `accept` and a plain
 * user agent.
 */
export async function safeFetch(
  address: string,
  options: SafeFetchOptions,
): Promise<FetchedResource> {
  let url = parse(address);
  const deadline = AbortSignal.timeout(options.timeoutMs);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const response = await requestOnce(url, options, deadline);
    const location = response.status >= 300 && response.status < 400 ? response.location : null;
    if (location === null) {
      if (response.status < 200 || response.status >= 300) {
        throw new RemoteFetchError('status', `${url.host} answered ${response.status}.`);
      }
      return response.resource;
    }
    url = parse(location, url);
  }
  throw new RemoteFetchError('redirects', `More than ${MAX_REDIRECTS} redirects.`);
}

function parse(address: string, base?: URL): URL {
  const url = URL.parse(address, base?.href);
  if (url === null) throw new RemoteFetchError('refused', 'Not a URL.');
  url.hash = '';
  return url;
}

function requestOnce(
  url: URL,
  options: SafeFetchOptions,
  deadline: AbortSignal,
): Promise<{ status: number; location: string | null; resource: FetchedResource }> {
  let destination;
  try {
    destination = checkDestination(url, options.trustedOrigin);
  } catch (error) {
    if (error instanceof OutboundRefused) throw new RemoteFetchError('refused', error.message);
    throw error;
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: options.method,
        agent: false,
        signal: deadline,
        headers: { accept: options.accept, 'user-agent': 'Parley' },
        ...(destination.lookup !== null && { lookup: destination.lookup }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = header(response, 'location');
        if ((status >= 300 && status < 400 && location !== null) || options.method === 'HEAD') {
          response.resume();
          resolve({ status, location, resource: resourceOf(url, response, Buffer.alloc(0)) });
          return;
        }
        readBody(response, options.maxBytes).then(
          (body) => resolve({ status, location, resource: resourceOf(url, response, body) }),
          reject,
        );
      },
    );
    request.on('error', (error) => {
      // The policy's lookup refuses a forbidden address as the connection is made.
      const cause = (error as { cause?: unknown }).cause;
      const refusal = [error, cause].find((item) => item instanceof OutboundRefused);
      if (refusal instanceof OutboundRefused) {
        reject(new RemoteFetchError('refused', refusal.message));
      } else {
        reject(
          new RemoteFetchError('network', `Could not fetch from ${url.host}: ${error.message}`),
        );
      }
    });
    request.end();
  });
}

function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(header(response, 'content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    response.destroy();
    return Promise.reject(new RemoteFetchError('too-large', `Larger than ${maxBytes} bytes.`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(new RemoteFetchError('too-large', `Larger than ${maxBytes} bytes.`));
        return;
      }
      chunks.push(chunk);
    });
    response.once('end', () => resolve(Buffer.concat(chunks, size)));
    response.once('error', (error) => reject(new RemoteFetchError('network', error.message)));
  });
}

function resourceOf(url: URL, response: IncomingMessage, body: Buffer): FetchedResource {
  const length = Number(header(response, 'content-length') ?? Number.NaN);
  return {
    url,
    status: response.statusCode ?? 0,
    contentType: header(response, 'content-type'),
    contentLength: Number.isSafeInteger(length) && length >= 0 ? length : null,
    body,
  };
}

function header(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  return typeof value === 'string' ? value : null;
}
