import { parseArgs } from 'node:util';
import { FAULTS_SYNTAX } from './http/faults.ts';
import { startSandbox, type SandboxOptions } from './sandbox.ts';

const USAGE = `usage: npm run sandbox -- [--port P] [--user id:token ...] [--group gid:id,id,... ...]
                        [--demo] [--data FILE] [--faults SPEC]

  --port P        port on 127.0.0.1 (0, the default, picks a free one)
  --user id:token a user: contact id and bearer token (repeatable); without it,
                  one user "you" with a generated token, printed at start
  --group g:a,b   a group and its members' contact ids (repeatable)
  --demo          seed the demo workspace for the first user (only into a new database)
  --data FILE     keep data in this SQLite file (default: in memory)
  --faults SPEC   inject faults, ${FAULTS_SYNTAX}`;

class UsageError extends Error {}

const split = (value: string, what: string): [string, string] => {
  const at = value.indexOf(':');
  if (at <= 0 || at === value.length - 1) throw new UsageError(`bad ${what} "${value}"`);
  return [value.slice(0, at), value.slice(at + 1)];
};

export function parseSandboxArgs(argv: string[]): SandboxOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      user: { type: 'string', multiple: true },
      group: { type: 'string', multiple: true },
      demo: { type: 'boolean' },
      data: { type: 'string' },
      faults: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(`bad port "${values.port}"`);
  }
  return {
    port,
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
  };
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
    sandbox = await startSandbox({ ...options, log: (line) => process.stderr.write(`${line}\n`) });
  } catch (error) {
    // Bad ids, tokens or fault specs surface from startSandbox: still a usage problem.
    const setupProblem = !(error as NodeJS.ErrnoException).code;
    process.stderr.write(`${(error as Error).message}\n${setupProblem ? `${USAGE}\n` : ''}`);
    process.exit(setupProblem ? 2 : 1);
  }
  process.stdout.write(`sandbox: ${sandbox.url}\n`);
  if (generatedUser) process.stdout.write(`token: ${sandbox.users[0]?.token}\n`);
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
