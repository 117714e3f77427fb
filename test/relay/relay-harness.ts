import { writeFile } from 'node:fs/promises';
import { Agent } from 'node:https';
import { join } from 'node:path';
import { startRelay, type Relay, type RelayOptions } from '../../main/relay/relay.ts';
import {
  deliver,
  SECRET,
  type Delivery,
  type Reply,
} from '../integration/webhooks/receiver-harness.ts';
import { makeCertificate, type Certificate } from '../sandbox/catalogue/support.ts';
import { startCommand, type RunningProcess } from '../support/preview-process.ts';

export {
  notEnvelopes,
  notification,
  sign,
  signedDelivery,
} from '../integration/webhooks/receiver-harness.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';
export { SECRET };

/** Two apps' tokens; any configured token may pull. */
export const TOKENS = ['app-token-shop-laptop-0001', 'app-token-shop-desktop-002'];
export const HOOKS_PATH = '/hooks/catalogue';

export interface PulledEvent {
  cursor: string;
  id: string;
  type: string;
  timestamp: string;
  payload: Record<string, unknown>;
  received_at: string;
}

export interface PullAnswer {
  status: number;
  headers: Reply['headers'];
  // What the relay answered; each test says what it expects of it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** What an app or the catalogue service does to a relay, over HTTPS. */
export interface RelayClient {
  /** A delivery to the hooks path. */
  post(delivery: Delivery): Promise<Reply>;
  /** A request to any path of the relay. */
  call(path: string, delivery: Delivery): Promise<Reply>;
  /** `GET /v1/events?<query>` with the first app's token, another one, or none (null). */
  pull(query?: string, token?: string | null): Promise<PullAnswer>;
  /** Every event stored, paging through `limit` at a time from a fresh start. */
  pullAll(token?: string, limit?: number): Promise<PulledEvent[]>;
}

export interface TestRelay extends RelayClient {
  relay: Relay;
  url: string;
  ca: string;
  dataFile: string;
  /** The relay's log lines so far. */
  lines: string[];
  /**
   * Stops this relay and starts another on the same data file (and port),
   * with these changes, doing `whileStopped` in between.
   */
  restart(changes?: Partial<RelayOptions>, whileStopped?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A connection per request: a kept-alive socket to a relay that a test has
 * just restarted on the same port would be reused before its close is seen.
 */
const agent = new Agent({ keepAlive: false });

let certificate: Promise<Certificate> | null = null;
/** One certificate for 127.0.0.1 per test file: generating one per relay would only add time. */
export function relayCertificate(): Promise<Certificate> {
  certificate ??= makeCertificate();
  return certificate;
}

/** A relay in this process, over HTTPS on 127.0.0.1, with its data in a fresh temporary file. */
export async function startTestRelay(options: Partial<RelayOptions> = {}): Promise<TestRelay> {
  const dir = makeTempDir('parley-relay-');
  const tls = await relayCertificate();
  const lines: string[] = [];
  let settings: RelayOptions = {
    webhookSecret: SECRET,
    tokens: TOKENS,
    dataFile: join(dir, 'events.db'),
    port: 0,
    tls,
    log: (line) => lines.push(line),
    ...options,
  };
  let relay = await startRelay(settings);
  const harness: TestRelay = {
    ...relayClient(() => relay.url, tls.cert, settings.path),
    get relay() {
      return relay;
    },
    get url() {
      return relay.url;
    },
    ca: tls.cert,
    dataFile: settings.dataFile,
    lines,
    async restart(changes = {}, whileStopped) {
      await relay.stop();
      await whileStopped?.();
      const port = Number(new URL(relay.url).port);
      settings = { ...settings, port, ...changes };
      relay = await startRelay(settings);
    },
    async stop() {
      await relay.stop();
      removeTempDir(dir);
    },
  };
  return harness;
}

/** A client of the relay at `baseUrl()` (looked up per request: a restart may move it). */
export function relayClient(
  baseUrl: () => string,
  ca: string,
  hooksPath = HOOKS_PATH,
): RelayClient {
  const call = (path: string, delivery: Delivery) =>
    deliver(`${baseUrl()}${path}`, ca, delivery, agent);
  const pull = async (query = '', token: string | null = TOKENS[0] as string) => {
    const headers: Record<string, string> =
      token === null ? {} : { authorization: `Bearer ${token}` };
    const reply = await call(`/v1/events?${query}`, { method: 'GET', headers });
    return { ...reply, body: reply.body === '' ? null : JSON.parse(reply.body) };
  };
  return {
    call,
    pull,
    post: (delivery) => call(hooksPath, delivery),
    async pullAll(token = TOKENS[0] as string, limit = 500) {
      const events: PulledEvent[] = [];
      let query = `limit=${limit}`;
      for (;;) {
        const { status, body } = await pull(query, token);
        if (status !== 200) throw new Error(`pull answered ${status}: ${JSON.stringify(body)}`);
        events.push(...body.data);
        if (!body.has_more) return events;
        query = `limit=${limit}&after=${body.next_cursor}`;
      }
    },
  };
}

export interface RelayProcess extends RelayClient {
  url: string;
  ca: string;
  process: RunningProcess;
}

export const RELAY_ENV = {
  PARLEY_RELAY_WEBHOOK_SECRET: SECRET,
  PARLEY_RELAY_TOKENS: TOKENS.join(','),
};

/**
 * `npm run relay` as a real child process serving HTTPS from certificate and
 * key files in `dir`, keeping its events in `dir/events.db` (no file of it
 * larger than `maxFileBlocks` blocks, if given).
 */
export async function startRelayProcess(
  dir: string,
  args: string[] = [],
  maxFileBlocks?: number,
): Promise<RelayProcess> {
  const tls = await relayCertificate();
  await writeFile(join(dir, 'cert.pem'), tls.cert);
  await writeFile(join(dir, 'key.pem'), tls.key, { mode: 0o600 });
  const running = await startCommand(
    'main/relay/relay-cli.ts',
    [
      ...['--port', '0', '--data', join(dir, 'events.db')],
      ...['--tls-cert', join(dir, 'cert.pem'), '--tls-key', join(dir, 'key.pem')],
      ...args,
    ],
    'relay',
    RELAY_ENV,
    maxFileBlocks,
  );
  return {
    ...relayClient(() => running.url, tls.cert),
    url: running.url,
    ca: tls.cert,
    process: running,
  };
}
