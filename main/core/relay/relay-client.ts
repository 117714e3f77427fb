import { z } from 'zod';
import { relayUrlProblem } from '../../../shared/model/relay.ts';
import { envelope, type Envelope } from '../../webhook-protocol/envelope.ts';
import { keptAliveAgent, nodeHttpExchange } from '../net/http-exchange.ts';
import { withinScope, relayScope, type TokenSource } from './relay-credentials.ts';
import { refusal, RelayError, unreachable } from './relay-error.ts';

/** How long a relay may hold a pull while nothing is newer, at most (the protocol's bound). */
export const LONG_POLL_SECONDS = 30;
/** Beyond the requested wait, how long an answer may take before the request counts as lost. */
const ANSWER_GRACE_MS = 15_000;
/** An answer larger than this is not read; the client asks for fewer events instead. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

export interface RelayClientOptions {
  /** The relay's address as the user gave it: https, or http on this computer. */
  url: string;
  /** The token for a request; released only for this relay's address. */
  token: TokenSource;
  /** A certificate to trust instead of the system's authorities: the demo's own relay. */
  ca?: string;
}

export interface PulledEvent {
  envelope: Envelope;
  /** When the relay committed it (epoch ms); null if its answer said otherwise. */
  receivedAt: number | null;
}

export interface PullPage {
  events: PulledEvent[];
  /** Events the relay sent that are not notification envelopes; skipped. */
  skipped: number;
  nextCursor: string;
  hasMore: boolean;
}

export interface PullRequest {
  after: string | null;
  limit: number;
  /** Seconds the relay may hold the request while nothing is newer. */
  wait: number;
  signal?: AbortSignal;
}

export interface RelayClient {
  readonly host: string;
  pull(request: PullRequest): Promise<PullPage>;
  /**
   * `GET /healthz`: whether a relay answers there, and if it does, the
   * trouble it reports about itself (a dead store, a full disk), if any.
   */
  health(signal?: AbortSignal): Promise<RelayHealth>;
  /** Closes kept-alive connections. */
  close(): void;
}

export type RelayHealth =
  { kind: 'healthy' } | { kind: 'unhealthy'; reason: string } | { kind: 'not-a-relay' };

const cursor = z.string().min(1).max(1_000);
const pullAnswer = z.object({
  data: z.array(z.unknown()).max(500),
  next_cursor: cursor,
  has_more: z.boolean(),
});
const pulledEvent = envelope.extend({ cursor, received_at: z.string().max(64) });

/**
 * The relay's pull protocol over HTTPS (plain http only on this computer):
 * one request at a time, a bearer token that is sent only within the relay's
 * own address, no redirects followed, every answer checked before use, and
 * words for everything that goes wrong (relay-error.ts).
 */
export function createRelayClient(options: RelayClientOptions): RelayClient {
  const problem = relayUrlProblem(options.url);
  if (problem !== null) throw new RelayError('unreachable', problem);
  const base = new URL(`${relayScope(options.url)}/`);
  const agent = keptAliveAgent(base, { maxSockets: 2, ...(options.ca && { ca: options.ca }) });

  async function get(
    path: string,
    query: Record<string, string>,
    timeoutMs: number,
    signal?: AbortSignal,
    authorised = true,
  ): Promise<{ status: number; text: string; param: string | null }> {
    const url = new URL(path, base);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    if (!withinScope(relayScope(options.url), url)) {
      throw new RelayError('unreachable', `${path} lies outside the relay’s address.`);
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (authorised) {
      const token = await options.token(url);
      if (token === null) {
        throw new RelayError(
          'token-needed',
          `No token was given for ${base.host}: enter the relay’s token again for this address.`,
        );
      }
      headers.authorization = `Bearer ${token}`;
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const { status, text } = await nodeHttpExchange({
      method: 'GET',
      url,
      headers,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      agent,
      maxBytes: MAX_ANSWER_BYTES,
      tooLarge: () =>
        new RelayError('too-large', `The relay at ${base.host} sent too large an answer.`),
    }).catch((error: unknown) => {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) {
        throw new RelayError(
          'unreachable',
          `Could not reach ${base.host}: no answer within ${Math.round(timeoutMs / 1_000)} s.`,
        );
      }
      throw error instanceof RelayError ? error : unreachable(base.host, error);
    });
    return { status, text, param: errorParam(text) };
  }

  return {
    host: base.host,

    async pull({ after, limit, wait, signal }) {
      const query: Record<string, string> = { limit: String(limit), wait: String(wait) };
      if (after !== null) query.after = after;
      const answer = await get('v1/events', query, wait * 1_000 + ANSWER_GRACE_MS, signal);
      if (answer.status !== 200) throw refusal(base.host, answer.status, answer.param);
      const parsed = pullAnswer.safeParse(parseJson(answer.text));
      if (!parsed.success) {
        throw new RelayError(
          'unreachable',
          `${base.host} answered, but not as a relay does: its events could not be read.`,
        );
      }
      const events: PulledEvent[] = [];
      for (const item of parsed.data.data) {
        const event = pulledEvent.safeParse(item);
        if (!event.success) continue;
        const { id, type, timestamp, payload } = event.data;
        const receivedAt = Date.parse(event.data.received_at);
        events.push({
          envelope: { id, type, timestamp, payload },
          receivedAt: Number.isFinite(receivedAt) ? receivedAt : null,
        });
      }
      return {
        events,
        skipped: parsed.data.data.length - events.length,
        nextCursor: parsed.data.next_cursor,
        hasMore: parsed.data.has_more,
      };
    },

    async health(signal) {
      const answer = await get('healthz', {}, ANSWER_GRACE_MS, signal, false);
      const body = parseJson(answer.text) as { ok?: unknown; reason?: unknown } | null;
      if (answer.status === 200 && body?.ok === true) return { kind: 'healthy' };
      if (answer.status === 503 && body?.ok === false && typeof body.reason === 'string') {
        // The relay's own words, bounded as any text a server sends is.
        return { kind: 'unhealthy', reason: body.reason.slice(0, 200) };
      }
      return { kind: 'not-a-relay' };
    },

    close: () => agent.destroy(),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The `param` of an error answer in the Messaging API's shape, which the relay uses. */
function errorParam(text: string): string | null {
  const param = (parseJson(text) as { error?: { param?: unknown } } | null)?.error?.param;
  return typeof param === 'string' ? param : null;
}
