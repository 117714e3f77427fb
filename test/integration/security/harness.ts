import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createCore, type Core } from '../../../main/core/create-core.ts';
import { confStore, memoryVault } from '../../../main/core/ports/node-adapters.ts';
import type { CoreDeps, SecretVault } from '../../../main/core/ports/ports.ts';
import { listenOnLoopback } from '../../support/loopback.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';
import { plainNodeDeps } from '../core-harness.ts';

export interface Cleanups {
  push(cleanup: () => unknown): void;
}

/** A core that starts signed out (no demo), on a data directory of its own. */
export async function signedOutCore(
  cleanups: Cleanups,
  options: { vault?: SecretVault; dataDir?: string; deps?: Partial<CoreDeps> } = {},
): Promise<{ core: Core; vault: SecretVault; dataDir: string; stop(): Promise<void> }> {
  const dataDir = options.dataDir ?? makeTempDir('parley-security-');
  if (options.dataDir === undefined) cleanups.push(() => removeTempDir(dataDir));
  const preferences = confStore(dataDir);
  if (preferences.get('session') === undefined) preferences.set('session', { mode: 'signed-out' });
  const vault = options.vault ?? memoryVault();
  const core = createCore(plainNodeDeps(dataDir, { vault, preferences, ...options.deps }));
  let stopping: Promise<void> | null = null;
  const stop = () => (stopping ??= core.stop());
  cleanups.push(stop);
  await core.start();
  return { core, vault, dataDir, stop };
}

export interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
}

/** A loopback HTTP server that records every request and answers with `respond`. */
export async function recordingServer(
  cleanups: Cleanups,
  respond: (request: IncomingMessage, response: ServerResponse) => void = (_, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"data":[],"has_more":false}');
  },
): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
    });
    request.resume();
    request.on('end', () => respond(request, response));
  });
  const listening = await listenOnLoopback(server);
  cleanups.push(() => listening.close());
  return { url: `http://127.0.0.1:${listening.port}`, seen };
}

export async function invoke(core: Core, channel: string, request: unknown = {}) {
  return core.router.handle(channel, request);
}

export async function value<T = Record<string, unknown>>(
  core: Core,
  channel: string,
  request: unknown = {},
): Promise<T> {
  const result = await core.router.handle(channel, request);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}
