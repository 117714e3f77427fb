import { once } from 'node:events';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  CATALOGUE_EVENT_TYPES,
  DEFAULT_SETTINGS,
  type Settings,
} from '../../shared/model/settings.ts';
import { consoleLogger, memoryVault, silentNotifier } from '../core/ports/node-adapters.ts';
import {
  openDatabase,
  type Database,
  describeActivity,
  createActivityLog,
  selfSignedCertificatePath,
  createWebhookReceiver,
  registerWebhook,
} from '../core/headless.ts';

export interface CommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  /** Ends `webhooks listen` besides SIGINT and SIGTERM, for a caller that embeds it. */
  signal?: AbortSignal;
}

const USAGE = `usage:
  webhooks register --catalogue-url URL --url HTTPS_URL --events a,b,...   (token in PARLEY_CATALOGUE_TOKEN)
  webhooks listen [--port P] [--host H] [--path /P] [--cert PEM --key PEM | --self-signed]   (secret in PARLEY_WEBHOOK_SECRET)
  webhooks events [--json]
  every command also takes --data-dir DIR`;

const DEFAULT_DATA_DIR = '.parley-data/cli';
const SECRETS_ON_COMMAND_LINE = ['--token', '--secret'];

class UsageError extends Error {}

/**
 * `webhooks <register|listen|events> ...`: the receiver and the activity store
 * without a window. `argv` starts at the subcommand. Exit codes: 0 done,
 * 1 the command failed, 2 the command line was wrong.
 */
export async function runWebhooksCommand(argv: string[], io: CommandIo): Promise<number> {
  const [subcommand, ...rest] = argv;
  try {
    if (rest.some((arg) => SECRETS_ON_COMMAND_LINE.includes(arg.split('=', 1)[0] ?? ''))) {
      throw new UsageError(
        'secrets never go on the command line: set PARLEY_CATALOGUE_TOKEN or PARLEY_WEBHOOK_SECRET',
      );
    }
    switch (subcommand) {
      case 'register':
        return await register(rest, io);
      case 'listen':
        return await listen(rest, io);
      case 'events':
        return events(rest, io);
      default:
        throw new UsageError(
          subcommand === undefined ? 'name a command' : `unknown command: ${subcommand}`,
        );
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\n${USAGE}\n`);
      return 2;
    }
    io.stderr.write(`error: ${(error as Error).message}\n`);
    return 1;
  }
}

const DATA_DIR = { 'data-dir': { type: 'string', default: DEFAULT_DATA_DIR } } as const;

function parse<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>>['values'] {
  try {
    return parseArgs(config).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function required(value: string | undefined, what: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${what} is required`);
  return value;
}

function fromEnv(io: CommandIo, name: string): string {
  const value = io.env[name];
  if (value === undefined || value === '') throw new UsageError(`set ${name} in the environment`);
  return value;
}

async function register(args: string[], io: CommandIo): Promise<number> {
  const values = parse({
    args,
    options: {
      ...DATA_DIR,
      'catalogue-url': { type: 'string' },
      url: { type: 'string' },
      events: { type: 'string' },
    },
  });
  const catalogueUrl = required(values['catalogue-url'], '--catalogue-url');
  const notificationUrl = required(values.url, '--url');
  const events = required(values.events, '--events')
    .split(',')
    .map((event) => event.trim())
    .filter((event) => event !== '');
  if (!/^https?:\/\//i.test(catalogueUrl)) {
    throw new UsageError('--catalogue-url must be an http or https URL');
  }
  if (URL.parse(notificationUrl)?.protocol !== 'https:') {
    throw new UsageError(
      '--url must be an https:// URL: the catalogue service delivers only over HTTPS',
    );
  }
  const unknown = events.filter(
    (event) => !(CATALOGUE_EVENT_TYPES as readonly string[]).includes(event),
  );
  if (events.length === 0 || unknown.length > 0) {
    throw new UsageError(
      `--events takes a comma-separated list of: ${CATALOGUE_EVENT_TYPES.join(', ')}` +
        (unknown.length > 0 ? ` (unknown: ${unknown.join(', ')})` : ''),
    );
  }
  const token = fromEnv(io, 'PARLEY_CATALOGUE_TOKEN');

  const registration = await registerWebhook(
    { catalogueUrl, notificationUrl, events },
    { getToken: async () => token, log: consoleLogger('webhooks', true) },
  );
  io.stdout.write(`registered: ${registration.id}\n`);
  io.stdout.write(
    `url: ${registration.notificationUrl}\nevents: ${registration.events.join(',')}\n`,
  );
  return 0;
}

async function listen(args: string[], io: CommandIo): Promise<number> {
  const values = parse({
    args,
    options: {
      ...DATA_DIR,
      port: { type: 'string', default: String(DEFAULT_SETTINGS.webhooks.port) },
      host: { type: 'string', default: DEFAULT_SETTINGS.webhooks.host },
      path: { type: 'string', default: DEFAULT_SETTINGS.webhooks.path },
      cert: { type: 'string' },
      key: { type: 'string' },
      'self-signed': { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError('--port must be a port number (0 picks a free one)');
  }
  const path = values.path;
  if (!/^\/[\w\-./]*$/.test(path))
    throw new UsageError('--path must start with / and contain no spaces');
  const certFile = values.cert;
  const keyFile = values.key;
  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new UsageError('--cert and --key go together');
  }
  if (certFile !== undefined && values['self-signed']) {
    throw new UsageError('give either --cert and --key, or --self-signed');
  }
  const secret = fromEnv(io, 'PARLEY_WEBHOOK_SECRET');
  const dataDir = resolve(values['data-dir']);

  const db = openDatabase(resolve(dataDir, 'parley.db'));
  const quietSettings: Settings = { ...DEFAULT_SETTINGS, notifications: false };
  const receiver = createWebhookReceiver({
    db,
    vault: memoryVault({ 'webhook-secret': secret }),
    dataDir,
    log: consoleLogger('webhooks', true),
    emit: (event) => {
      if (event.type !== 'activity') return;
      for (const item of event.items) io.stdout.write(`received: ${item.type} ${item.id}\n`);
    },
    notifier: silentNotifier,
    getSettings: () => quietSettings,
  });
  try {
    const certificate =
      certFile !== undefined && keyFile !== undefined
        ? { certFile: resolve(certFile), keyFile: resolve(keyFile) }
        : {};
    const { url } = await receiver.start({ host: values.host, port, path, ...certificate });
    io.stdout.write(
      `certificate: ${certFile ? resolve(certFile) : selfSignedCertificatePath(dataDir)}\n`,
    );
    io.stdout.write(`fingerprint: ${receiver.status().certificateFingerprint}\n`);
    io.stdout.write(`listening: ${url}\n`);
    await untilStopped(io.signal);
    return 0;
  } finally {
    await receiver.stop();
    db.close();
  }
}

/** Resolves on SIGINT, SIGTERM or the caller's abort, whichever comes first. */
async function untilStopped(signal: AbortSignal | undefined): Promise<void> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await once(stop.signal, 'abort', { signal }).catch(() => {});
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

function events(args: string[], io: CommandIo): number {
  const values = parse({
    args,
    options: { ...DATA_DIR, json: { type: 'boolean', default: false } },
  });
  const db: Database = openDatabase(resolve(values['data-dir'], 'parley.db'));
  try {
    const activity = createActivityLog(db);
    const items = [];
    for (let offset = 0; ; offset += 200) {
      const page = activity.list({ offset, limit: 200 });
      items.push(...page.items);
      if (items.length >= page.total || page.items.length === 0) break;
    }
    if (values.json) {
      io.stdout.write(`${JSON.stringify(items, null, 2)}\n`);
    } else if (items.length === 0) {
      io.stdout.write('no events stored\n');
    } else {
      for (const item of items) {
        const { body } = describeActivity(item);
        io.stdout.write(
          `${item.timestamp}  ${item.type}  ${item.id}${item.seen ? '' : ' (new)'}  ${body}\n`,
        );
      }
    }
    return 0;
  } finally {
    db.close();
  }
}
