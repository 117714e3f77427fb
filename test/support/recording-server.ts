import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, request } from 'node:https';
import { listenOnLoopback } from './loopback.ts';

export interface RecordedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  /** The Authorization header, if one came. */
  authorization: string | undefined;
}

export interface RecordingServer {
  /** `https://127.0.0.1:<port>` */
  url: string;
  requests: RecordedRequest[];
  /** Requests received and not yet answered: a held long poll counts. */
  inFlight(): number;
  close(): Promise<void>;
}

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * An HTTPS server on 127.0.0.1 that records every request it sees (and any
 * token in it), then answers with `answer`: a fixed reply, or `forwardTo` a
 * relay, so a test can watch what an app sends and when.
 */
export async function startRecordingServer(
  tls: { cert: string; key: string },
  answer: Answer,
): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  let open = 0;
  const server = createServer(tls, (incoming, response) => {
    requests.push({
      method: incoming.method ?? '',
      url: incoming.url ?? '',
      authorization: incoming.headers.authorization,
    });
    open += 1;
    response.once('close', () => {
      open -= 1;
    });
    answer(incoming, response);
  });
  const { port, close } = await listenOnLoopback(server);
  return {
    url: `https://127.0.0.1:${port}`,
    requests,
    inFlight: () => open,
    close,
  };
}

/** Passes each request on to `target` (trusting `ca`) and its answer back. */
export function forwardTo(target: () => string, ca: string): Answer {
  return (incoming, response) => {
    const outgoing = request(
      `${target()}${incoming.url ?? '/'}`,
      { method: incoming.method, headers: incoming.headers, ca, agent: false },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => response.destroy());
    response.once('close', () => outgoing.destroy());
    incoming.pipe(outgoing);
  };
}

/** Answers every request with `status` and a JSON body, and `headers`. */
export function reply(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return (incoming, response) => {
    incoming.resume();
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
}
