import { afterEach } from 'vitest';
import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Logger } from '../../../main/core/ports/ports.ts';
import { listenOnLoopback } from '../../support/loopback.ts';

/** One answer of a scripted server; `hang` never answers (for timeouts). */
export interface Scripted {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  hang?: boolean;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A real HTTP server on 127.0.0.1 answering each request with the next scripted
 * answer (the last one repeats): for the exact server behaviours a client test
 * needs, error bodies and status codes included.
 */
export async function startScriptedServer(...script: Scripted[]) {
  const seen: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    });
    const answer = script[Math.min(seen.length - 1, script.length - 1)] ?? {};
    if (answer.hang) return;
    const text =
      answer.body === undefined
        ? ''
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    const type = typeof answer.body === 'string' ? 'text/plain' : 'application/json';
    res.writeHead(answer.status ?? 200, { 'content-type': type, ...answer.headers }).end(text);
  });
  const { port, close } = await listenOnLoopback(server);
  return { url: `http://127.0.0.1:${port}`, seen, close };
}

/**
 * The way a test file starts scripted servers: each one started through the
 * returned function is closed after the test that started it.
 */
export function scriptedServersPerTest() {
  const servers: ScriptedServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (...script: Scripted[]): Promise<ScriptedServer> => {
    const server = await startScriptedServer(...script);
    servers.push(server);
    return server;
  };
}

export type ScriptedServer = Awaited<ReturnType<typeof startScriptedServer>>;

export function recordingLog() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const log: Logger = {
    info: (message, fields) => void lines.push({ level: 'info', message, fields }),
    warn: (message, fields) => void lines.push({ level: 'warn', message, fields }),
    error: (message, fields) => void lines.push({ level: 'error', message, fields }),
  };
  return { log, lines, text: () => JSON.stringify(lines) };
}
