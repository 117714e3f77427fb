import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { splitTokenList, tokensProblem } from './bearer-tokens.ts';
import {
  RELAY_DEFAULTS,
  RelayOptionsError,
  startRelay,
  type Relay,
  type RelayOptions,
} from './relay.ts';

const DEFAULT_DATA_FILE = '.parley-data/relay/events.db';

const USAGE = `usage: npm run relay -- [--host H] [--port P] [--data FILE] [--path /hooks/catalogue]
                      [--tls-cert FILE --tls-key FILE] [--retention-days N] [--max-connections N]

  --host H             address to listen on (default ${RELAY_DEFAULTS.host})
  --port P             port (default ${RELAY_DEFAULTS.port}; 0 picks a free one)
  --data FILE          SQLite file the events are kept in (default ${DEFAULT_DATA_FILE})
  --path /P            where the catalogue service delivers (default ${RELAY_DEFAULTS.path})
  --tls-cert, --tls-key  PEM files: serve HTTPS itself (without: plain HTTP, for a proxy in front)
  --retention-days N   keep events this many days (default ${RELAY_DEFAULTS.retentionDays})
  --max-connections N  open connections at most (default ${RELAY_DEFAULTS.maxConnections})

  Secrets come from the environment only:
  PARLEY_RELAY_WEBHOOK_SECRET  the catalogue service's signing secret
  PARLEY_RELAY_TOKENS          the apps' bearer tokens, comma-separated (at least one)`;

/** A wrong command line: the message, then the usage, exit 2. */
class UsageError extends Error {}
/** A missing or unusable secret: one line, exit 2. */
class EnvironmentError extends Error {}

function wholeNumber(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d{1,9}$/.test(text)) throw new UsageError(`bad --${name} "${text}": want a whole number`);
  return Number(text);
}

function readPem(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the TLS ${what} ${file}: ${(error as Error).message}`);
  }
}

function relayOptions(argv: string[], env: NodeJS.ProcessEnv): RelayOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        data: { type: 'string' },
        path: { type: 'string' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        'retention-days': { type: 'string' },
        'max-connections': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const certFile = values['tls-cert'];
  const keyFile = values['tls-key'];
  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new UsageError('give both --tls-cert and --tls-key, or neither');
  }
  const webhookSecret = env.PARLEY_RELAY_WEBHOOK_SECRET ?? '';
  if (webhookSecret.trim() === '') {
    throw new EnvironmentError(
      "relay: set PARLEY_RELAY_WEBHOOK_SECRET to the catalogue service's webhook signing secret",
    );
  }
  const tokens = splitTokenList(env.PARLEY_RELAY_TOKENS ?? '');
  const problem = tokensProblem(tokens);
  if (problem !== null) {
    throw new EnvironmentError(
      `relay: set PARLEY_RELAY_TOKENS to the apps' bearer tokens, comma-separated: ${problem}`,
    );
  }
  return {
    webhookSecret,
    tokens,
    dataFile: values.data ?? DEFAULT_DATA_FILE,
    host: values.host,
    port: wholeNumber(values.port, 'port', RELAY_DEFAULTS.port),
    path: values.path,
    tls:
      certFile !== undefined && keyFile !== undefined
        ? { cert: readPem(certFile, 'certificate'), key: readPem(keyFile, 'key') }
        : undefined,
    retentionDays: wholeNumber(
      values['retention-days'],
      'retention-days',
      RELAY_DEFAULTS.retentionDays,
    ),
    maxConnections: wholeNumber(
      values['max-connections'],
      'max-connections',
      RELAY_DEFAULTS.maxConnections,
    ),
    log: (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`),
    onFatal: () => process.exit(1),
  };
}

async function main(): Promise<void> {
  let relay: Relay;
  try {
    relay = await startRelay(relayOptions(process.argv.slice(2), process.env));
  } catch (error) {
    if (error instanceof UsageError || error instanceof RelayOptionsError) {
      process.stderr.write(`relay: ${error.message}\n${USAGE}\n`);
      process.exit(2);
    }
    const message = (error as Error).message;
    process.stderr.write(
      error instanceof EnvironmentError ? `${message}\n` : `relay: ${message}\n`,
    );
    process.exit(error instanceof EnvironmentError ? 2 : 1);
  }
  process.stdout.write(`relay: ${relay.url}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second signal while stopping means: now.
    if (stopping) process.exit(1);
    stopping = true;
    process.stderr.write(`${new Date().toISOString()} ${signal}: stopping\n`);
    relay.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`relay: did not stop cleanly: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
