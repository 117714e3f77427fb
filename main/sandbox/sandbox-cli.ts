import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FAULTS_SYNTAX } from './http/faults.ts';
import {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  SandboxDataError,
  startSandbox,
  type SandboxOptions,
} from './sandbox.ts';

const USAGE = `usage: npm run sandbox -- [--port P] [--user id:token ...] [--group gid:id,id,... ...]
                        [--demo] [--data FILE] [--faults SPEC] [--rate-limit N]
                        [--webhook-backoff-ms MS] [--trust-ca PEM_FILE] [--simulate]

  --port P        port on 127.0.0.1 (0, the default, picks a free one)
  --user id:token a user: contact id and bearer token (repeatable); without it,
                  one user "you" with a generated token, printed at start
  --group g:a,b   a group and its members' contact ids (repeatable)
  --demo          seed the demo workspace for the first user (only into a new database)
  --data FILE     keep data in this SQLite file (default: in memory)
  --faults SPEC   inject faults, ${FAULTS_SYNTAX}
  --rate-limit N  requests per minute per user (default ${DEFAULT_RATE_LIMIT_PER_MINUTE})
  --webhook-backoff-ms MS  base delay of webhook retries (default 1000)
  --trust-ca PEM_FILE      also trust this CA for webhook deliveries
  --simulate      emit a realistic stream of catalogue events

  The webhook signing secret comes from SANDBOX_WEBHOOK_SECRET; unset, one is
  generated and printed once as "webhook-secret: <value>".`;

class UsageError extends Error {}

const split = (value: string, what: string): [string, string] => {
  const at = value.indexOf(':');
  if (at <= 0 || at === value.length - 1) throw new UsageError(`bad ${what} "${value}"`);
  return [value.slice(0, at), value.slice(at + 1)];
};

function parseSandboxArgs(argv: string[]): SandboxOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      user: { type: 'string', multiple: true },
      group: { type: 'string', multiple: true },
      demo: { type: 'boolean' },
      data: { type: 'string' },
      faults: { type: 'string' },
      'rate-limit': { type: 'string' },
      'webhook-backoff-ms': { type: 'string' },
      'trust-ca': { type: 'string' },
      simulate: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(`bad port "${values.port}"`);
  }
  const backoff = values['webhook-backoff-ms'];
  if (backoff !== undefined && !/^\d{1,7}$/.test(backoff)) {
    throw new UsageError(`bad --webhook-backoff-ms "${backoff}": want milliseconds, 0 to 9999999`);
  }
  const rateLimit = Number(values['rate-limit'] ?? DEFAULT_RATE_LIMIT_PER_MINUTE);
  if (!/^\d{1,15}$/.test(values['rate-limit'] ?? '1') || rateLimit < 1) {
    throw new UsageError(`bad rate limit "${values['rate-limit']}"`);
  }
  return {
    port,
    rateLimitPerMinute: rateLimit,
    users: (values.user ?? []).map((value) => {
      const [contactId, token] = split(value, 'user (want id:token)');
      return { contactId, token };
    }),
    groups: (values.group ?? []).map((value) => {
      const [groupId, members] = split(value, 'group (want gid:id,id,...)');
      return { groupId, members: members.split(',').filter((member) => member !== '') };
    }),
    demo: values.demo ?? false,
    dataFile: values.data,
    faults: values.faults,
    webhookBackoffMs: backoff === undefined ? undefined : Number(backoff),
    trustCa: values['trust-ca'] === undefined ? undefined : readPem(values['trust-ca']),
    simulate: values.simulate ?? false,
  };
}

function readPem(file: string): string {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --trust-ca ${file}: ${(error as Error).message}`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw new UsageError(`--trust-ca ${file} holds no PEM certificate`);
  }
  return pem;
}

async function main(): Promise<void> {
  let options: SandboxOptions;
  try {
    options = parseSandboxArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  const generatedUser = !options.users?.length;
  let sandbox;
  try {
    sandbox = await startSandbox({
      ...options,
      webhookSecret: process.env.SANDBOX_WEBHOOK_SECRET || undefined,
      log: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (error) {
    // Bad ids, tokens or fault specs surface from startSandbox: still a usage problem. An
    // unusable --data file is not: its message says what to do.
    const setupProblem =
      !(error instanceof SandboxDataError) && !(error as NodeJS.ErrnoException).code;
    process.stderr.write(`${(error as Error).message}\n${setupProblem ? `${USAGE}\n` : ''}`);
    process.exit(setupProblem ? 2 : 1);
  }
  process.stdout.write(`sandbox: ${sandbox.url}\n`);
  if (generatedUser) process.stdout.write(`token: ${sandbox.users[0]?.token}\n`);
  if (!process.env.SANDBOX_WEBHOOK_SECRET) {
    process.stdout.write(`webhook-secret: ${sandbox.webhookSecret}\n`);
  }
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`sandbox: did not stop cleanly: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
