import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RelayDataError } from '../../relay/event-store.ts';
import { startRelay, type Relay, type RelayOptions } from '../../relay/relay.ts';
import { keptSelfSignedPair } from '../../webhook-protocol/self-signed-pair.ts';
import { EVENT_TYPES } from '../catalogue/event-types.ts';
import {
  demoDataFileIn,
  demoPortFileIn,
  demoRelayDirIn,
  demoRelayTlsDirIn,
  eraseDemoData,
} from './demo-files.ts';
import { SandboxDataError, startSandbox, type Sandbox, type SandboxOptions } from '../sandbox.ts';

/**
 * The sandbox as the services behind the app's demo workspace, with a relay
 * between its catalogue service and the app: the catalogue delivers every
 * event to the relay, and the app pulls them as it pulls from a shop's own
 * relay, so what a newcomer sees is the path production uses. They run in a
 * process of their own (demo-process/), never in the app's main process.
 */
const DEMO_USER = 'you';
const CALL_TIMEOUT_MS = 5_000;
const HOOKS_PATH = '/hooks/catalogue';

export interface DemoLog {
  warn(message: string, fields?: Record<string, unknown>): void;
}

/** What the services are started with (the core's DemoStartOptions). */
export interface DemoServicesOptions {
  dataDir: string;
  token: string;
  webhookSecret: string;
  log: DemoLog;
}

export type RunningDemoServices = Awaited<ReturnType<typeof startDemoServices>>;

/**
 * The demo asks for the port it had last time: the avatar and picture URLs
 * the app stored with its messages name it, and stay loadable across
 * restarts. A port taken meanwhile gives way to a free one.
 */
async function startOnLastPort(dataDir: string, options: SandboxOptions): Promise<Sandbox> {
  const last = Number(await readFile(demoPortFileIn(dataDir), 'utf8').catch(() => ''));
  const port = Number.isInteger(last) && last > 1023 && last < 65_536 ? last : 0;
  const sandbox = await startSandbox({ ...options, port }).catch((error: unknown) => {
    if (port === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return startSandbox(options);
  });
  const started = new URL(sandbox.url).port;
  if (started !== String(port)) await writeFile(demoPortFileIn(dataDir), started).catch(() => {});
  return sandbox;
}

/** The demo's relay on a free loopback port; its data, like the rest of the demo's, is disposable. */
async function startDemoRelay(
  options: Omit<RelayOptions, 'dataFile' | 'tokens' | 'log'> & { dataDir: string; log: DemoLog },
): Promise<Relay & { token: string }> {
  const { dataDir, log, ...relay } = options;
  const token = randomBytes(32).toString('base64url');
  const relayOptions: RelayOptions = {
    ...relay,
    tokens: [token],
    dataFile: join(demoRelayDirIn(dataDir), 'events.db'),
    host: '127.0.0.1',
    port: 0,
    // One line per delivery is for a relay's own log; the app's log keeps only its troubles.
    log: (line) => {
      if (!line.startsWith('delivery ')) log.warn('demo relay', { line });
    },
  };
  const started = await startRelay(relayOptions).catch(async (error: unknown) => {
    if (!(error instanceof RelayDataError)) throw error;
    log.warn('demo relay data was unusable; starting a fresh one', { error: error.message });
    await rm(demoRelayDirIn(dataDir), { recursive: true, force: true });
    return startRelay(relayOptions);
  });
  return { ...started, token };
}

export async function startDemoServices(options: DemoServicesOptions) {
  // Made here, not in the app's process: generating a key loads a library of about 26 MB
  // resident, which that process would keep for as long as it runs. The activity is an extra:
  // without a certificate for its relay, the demo opens without it.
  const relayTls = await keptSelfSignedPair(
    demoRelayTlsDirIn(options.dataDir),
    'Parley demo relay',
    Date.now(),
  ).then(
    ({ cert, key }) => ({ cert, key }),
    (error: unknown) => {
      options.log.warn('demo relay certificate not made', { error: String(error) });
      return null;
    },
  );
  const sandboxOptions: SandboxOptions = {
    port: 0,
    demo: true,
    dataFile: demoDataFileIn(options.dataDir),
    users: [{ contactId: DEMO_USER, token: options.token }],
    log: () => {},
    webhookSecret: options.webhookSecret,
    ...(relayTls !== null && { trustCa: relayTls.cert, simulate: true }),
  };
  const sandbox = await startOnLastPort(options.dataDir, sandboxOptions).catch(
    async (error: unknown) => {
      // Demo data is disposable: a file an older or newer build wrote is replaced, not a dead end.
      if (!(error instanceof SandboxDataError)) throw error;
      options.log.warn('demo workspace data was unusable; starting a fresh one', {
        error: error.message,
      });
      await eraseDemoData(options.dataDir);
      return startOnLastPort(options.dataDir, sandboxOptions);
    },
  );
  const call = serviceCaller(sandbox, options.token);
  let relay: (Relay & { token: string }) | null = null;
  try {
    if (relayTls !== null) {
      relay = await startDemoRelay({
        dataDir: options.dataDir,
        webhookSecret: options.webhookSecret,
        tls: relayTls,
        path: HOOKS_PATH,
        log: options.log,
      });
      await deliverOnlyTo(call, `${relay.url}${HOOKS_PATH}`);
    }
  } catch (error) {
    await relay?.stop();
    await sandbox.close();
    throw error;
  }
  return {
    messagingUrl: sandbox.url,
    relay: relay && relayTls && { url: relay.url, token: relay.token, ca: relayTls.cert },
    catalogue: {
      async history(): Promise<string[]> {
        return ((await call('POST', '/_sandbox/history', {})) as { ids: string[] }).ids;
      },
    },
    async close() {
      // The catalogue first, so none of its deliveries is cut off by a closing relay.
      await sandbox.close();
      await relay?.stop();
    },
  };
}

/** Registers the URL for every event type, dropping what an earlier run left for another port. */
async function deliverOnlyTo(call: ServiceCall, notificationUrl: string): Promise<void> {
  const { data } = (await call('GET', '/v1/webhooks')) as {
    data: { id: string; notificationUrl: string }[];
  };
  for (const stale of data.filter((entry) => entry.notificationUrl !== notificationUrl)) {
    await call('DELETE', `/v1/webhooks/${encodeURIComponent(stale.id)}`);
  }
  if (!data.some((entry) => entry.notificationUrl === notificationUrl)) {
    await call('POST', '/v1/webhooks', { notificationUrl, events: [...EVENT_TYPES] });
  }
}

type ServiceCall = (method: string, path: string, body?: object) => Promise<unknown>;

/**
 * Plain calls to the sandbox's own routes: it shares no request code with the
 * app's API clients. On Node's own client, as theirs: fetch would load undici
 * (about 13 MB resident for as long as the demo runs) for the few calls the
 * demo makes when it opens.
 */
function serviceCaller(sandbox: Sandbox, token: string): ServiceCall {
  return (method, path, body) =>
    new Promise((resolve, reject) => {
      const payload = body && JSON.stringify(body);
      const outgoing = request(
        new URL(path, sandbox.url),
        {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload && { 'content-type': 'application/json' }),
          },
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('error', reject);
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status < 200 || status >= 300) {
              reject(new Error(`the demo service answered ${method} ${path} with ${status}`));
              return;
            }
            try {
              resolve(text === '' ? null : JSON.parse(text));
            } catch (error) {
              reject(error as Error);
            }
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
}
