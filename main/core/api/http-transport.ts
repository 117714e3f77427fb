import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../ports/ports.ts';
import { ApiError, defaultMessage, invalidInput, kindForStatus } from './api-error.ts';
import { cleartextProblem } from '../../../shared/security/cleartext.ts';
import { backoffDelay } from './backoff.ts';
import { withinScope, type TokenSource } from './credentials.ts';
import { readErrorDetail } from './error-body.ts';
import { failureCode, networkFailureWords, timeoutWords } from './failure-words.ts';
import { parseRetryAfter } from './retry-after.ts';
import { announceWritten } from './request-written.ts';
import { keptAliveAgent, nodeHttpExchange, type HttpExchange } from '../net/http-exchange.ts';

export interface RetryPolicy {
  /** Further attempts after the first. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A server asking for a longer pause than this gets the error back, for the caller to schedule. */
  maxRetryAfterMs: number;
}

const DEFAULT_RETRY: RetryPolicy = {
  retries: 2,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 10_000,
};

export interface TransportOptions {
  baseUrl: string;
  /**
   * The token for a request to this URL. A stored token comes through
   * `vaultToken`, which releases it only within the scope it was given for.
   */
  getToken: TokenSource;
  log: Logger;
  timeoutMs?: number;
  /** How requests go out; Node's HTTP client unless a test stands in for the network. */
  exchange?: HttpExchange;
  retry?: Partial<RetryPolicy>;
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the base URL, e.g. `v1/messages/msg_1`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** An already encoded application/x-www-form-urlencoded body. */
  form?: string;
  json?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface ApiResponse {
  status: number;
  text: string;
}

export type Transport = (request: ApiRequest) => Promise<ApiResponse>;

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * One HTTP exchange with a bearer token, a timeout on every attempt, errors
 * reduced to ApiError, and retries only where a repeat cannot act twice: reads,
 * and writes that carry an idempotency key. A token never travels in the clear
 * off this computer, nor to a URL outside the scope it was given for: both are
 * refused here, before any request.
 */
export function createTransport(options: TransportOptions): Transport {
  const base = parseBaseUrl(options.baseUrl);
  const insecure = cleartextProblem(base);
  const exchange = options.exchange ?? nodeHttpExchange;
  const agent = keptAliveAgent(base);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retry = { ...DEFAULT_RETRY, ...options.retry };

  return async function send(request) {
    if (insecure !== null) throw invalidInput(insecure, 'baseUrl');
    const url = urlFor(base, request);
    if (!withinScope(base.href, url)) {
      throw invalidInput(`The request path "${request.path}" leaves the server's address.`);
    }
    const token = await options.getToken(url);
    if (token === null || token === '') {
      throw new ApiError({
        kind: 'unauthorized',
        status: null,
        message: `No access token was given for ${base.origin}: enter it again for this address.`,
      });
    }
    const repeatable = request.method === 'GET' || request.idempotencyKey !== undefined;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await attemptOnce(request, url, token);
      } catch (error) {
        const delayMs = repeatable ? retryDelay(error, attempt) : null;
        if (delayMs === null) throw error;
        const { kind, status } = error as ApiError;
        options.log.warn('api request failed, retrying', {
          method: request.method,
          path: request.path,
          kind,
          status,
          attempt: attempt + 1,
          delayMs,
        });
        await sleep(delayMs, undefined, { signal: request.signal }).catch(() => {
          throw request.signal?.reason;
        });
      }
    }
  };

  function retryDelay(error: unknown, attempt: number): number | null {
    if (!(error instanceof ApiError) || attempt >= retry.retries) return null;
    if (!['network', 'timeout', 'server', 'rate-limited'].includes(error.kind)) return null;
    if (error.retryAfterMs !== null) {
      return error.retryAfterMs <= retry.maxRetryAfterMs ? error.retryAfterMs : null;
    }
    return backoffDelay({ baseMs: retry.baseDelayMs, capMs: retry.maxDelayMs }, attempt + 1);
  }

  async function attemptOnce(request: ApiRequest, url: URL, token: string): Promise<ApiResponse> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
    };
    let body: string | undefined;
    if (request.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = request.form;
    } else if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;

    let status: number;
    let text: string;
    let retryAfter: string | null;
    let contentType: string | null;
    try {
      const answer = await exchange({
        method: request.method,
        url,
        headers,
        body,
        signal,
        agent,
        onWritten: () => {
          if (request.idempotencyKey !== undefined) announceWritten(request.idempotencyKey);
        },
      });
      ({ status, text } = answer);
      retryAfter = answer.header('retry-after');
      contentType = answer.header('content-type');
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      if (timeout.aborted) {
        throw new ApiError({
          kind: 'timeout',
          status: null,
          message: timeoutWords(base.host, timeoutMs),
        });
      }
      options.log.warn('api request did not reach the server', {
        host: base.host,
        code: failureCode(error),
      });
      throw new ApiError({
        kind: 'network',
        status: null,
        message: networkFailureWords(base.host, error),
      });
    }
    if (status >= 200 && status < 300) return { status, text };
    if (status >= 300 && status < 400) {
      throw new ApiError({
        kind: 'invalid-input',
        status,
        message: `The server at ${base.host} sends this request elsewhere (${status}); Parley does not follow redirects with a token. Check the address.`,
      });
    }
    throw errorFromResponse(status, text, contentType, retryAfter, token);
  }
}

function errorFromResponse(
  status: number,
  text: string,
  contentType: string | null,
  retryAfter: string | null,
  token: string,
): ApiError {
  const kind = kindForStatus(status);
  const detail = readErrorDetail(text, contentType);
  // A server echoing the request back must not put the token in front of the user or into a log.
  const message = (detail.message ?? defaultMessage(kind)).replaceAll(token, '[redacted]');
  return new ApiError({
    kind,
    status,
    message,
    field: detail.field,
    retryAfterMs: parseRetryAfter(retryAfter, Date.now()),
  });
}

function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`The server address "${baseUrl}" is not a URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`The server address must be http or https, not ${url.protocol}`);
  }
  // Resolve paths under any prefix the base carries (https://host/api/ + v1/messages).
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url;
}

function urlFor(base: URL, request: ApiRequest): URL {
  const url = new URL(request.path, base);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

/** The body of a successful answer as JSON; an unreadable one is the server's fault. */
export function jsonBody(response: ApiResponse, what: string): unknown {
  try {
    return JSON.parse(response.text);
  } catch {
    throw new ApiError({
      kind: 'server',
      status: response.status,
      message: `The server's answer for ${what} is not JSON.`,
    });
  }
}
