import { CliUsageError, openCliClient, type CliClient } from './cli-client.ts';
import { COMMANDS, type Printed } from './messaging-commands.ts';
import { watch } from './watch.ts';
import type { CommandIo } from './webhooks-command.ts';
import { CoreError } from '../core/headless.ts';

const USAGE = `usage: npm run cli -- [--base-url URL] [--data-dir DIR] [--json] [--verbose] <command>
commands:
  sync | conversations [--filter all|pinned|muted|archived] [--group ID]
  messages <conversation_id> [--limit N] | search <query> | outbox
  watch [--conversation ID]   (one line per new, edited or deleted message and state change)
  send <conversation_id> <text> | edit <message_id> <text>
  react <message_id> <reaction> [--as NAME] | delete-message <message_id>
  new-conversation (--contact ID | --group ID) | pin-message <conversation_id> <message_id>
  pin|unpin|mute|unmute|archive|unarchive|delete-conversation <conversation_id>
  webhooks ...   (see: npm run cli -- webhooks)
the access token comes from PARLEY_TOKEN, never from the command line.`;

const DEFAULT_DATA_DIR = '.parley-data/cli';

interface GlobalOptions {
  baseUrl: string | undefined;
  dataDir: string;
  json: boolean;
  verbose: boolean;
  command: string | undefined;
  rest: string[];
}

/** Global options come before the command; everything after it belongs to the command. */
function parseGlobals(argv: string[]): GlobalOptions {
  const options: GlobalOptions = {
    baseUrl: undefined,
    dataDir: DEFAULT_DATA_DIR,
    json: false,
    verbose: false,
    command: undefined,
    rest: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [name, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => {
      const next = inline ?? argv[++i];
      if (next === undefined || next === '') throw new CliUsageError(`${name} needs a value`);
      return next;
    };
    if (name === '--base-url') options.baseUrl = value();
    else if (name === '--data-dir') options.dataDir = value();
    else if (arg === '--json') options.json = true;
    else if (arg === '--verbose') options.verbose = true;
    else if (name === '--token') {
      throw new CliUsageError('the token never goes on the command line: set PARLEY_TOKEN');
    } else if (arg.startsWith('--')) throw new CliUsageError(`unknown option ${name}`);
    else {
      options.command = arg;
      options.rest = argv.slice(i + 1);
      break;
    }
  }
  if (options.baseUrl !== undefined && /^https?:\/\/[^/\s]*@/i.test(options.baseUrl)) {
    throw new CliUsageError('--base-url must not carry a user name or password; use PARLEY_TOKEN');
  }
  if (options.baseUrl !== undefined && !/^https?:\/\/[^\s]+$/i.test(options.baseUrl)) {
    throw new CliUsageError('--base-url must be an http or https URL');
  }
  return options;
}

/**
 * The headless client: exit 0 when done (or queued while the server is
 * unreachable), 1 with a one-line reason when it failed, 2 for usage.
 */
export async function runCli(argv: string[], io: CommandIo): Promise<number> {
  let client: CliClient | null = null;
  try {
    const options = parseGlobals(argv);
    if (options.command === 'webhooks') {
      // Loaded only when asked for: the receiver's TLS and HTTP stack would slow every other command.
      const { runWebhooksCommand } = await import('./webhooks-command.ts');
      const passed = [...options.rest, '--data-dir', options.dataDir];
      if (options.json && options.rest[0] === 'events') passed.push('--json');
      return await runWebhooksCommand(passed, io);
    }
    if (options.command === undefined) throw new CliUsageError('name a command');
    const command = options.command === 'watch' ? null : COMMANDS[options.command];
    if (command === undefined) throw new CliUsageError(`unknown command: ${options.command}`);
    const token = io.env.PARLEY_TOKEN;
    if (!token) {
      io.stderr.write('error: set PARLEY_TOKEN in the environment\n');
      return 1;
    }
    client = openCliClient({ ...options, token });
    client.engine.start();
    if (command === null) return await watch(client, options.rest, options.json, io);
    const printed = await command(options.rest, { client, io, json: options.json });
    return print(printed, options.json, io, client);
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.stderr.write(`${error.message}\n${USAGE}\n`);
      return 2;
    }
    const message =
      error instanceof CoreError || error instanceof Error ? error.message : String(error);
    io.stderr.write(`error: ${message.split('\n')[0]}\n`);
    return 1;
  } finally {
    await client?.close();
  }
}

function print(printed: Printed, json: boolean, io: CommandIo, client: CliClient): number {
  const status = client.engine.status();
  if (status.connection === 'unauthorized') {
    const said = client.engine.tokenRejection();
    io.stderr.write(
      `error: the server did not accept PARLEY_TOKEN${said === null ? '' : `: “${said}”`}\n`,
    );
    return 1;
  }
  if (json) io.stdout.write(`${JSON.stringify(printed.json)}\n`);
  else if (printed.text !== '') io.stdout.write(`${printed.text}\n`);
  if (printed.failed !== undefined) {
    io.stderr.write(`error: ${printed.failed.split('\n')[0]}\n`);
    return 1;
  }
  if (status.connection !== 'online') {
    io.stderr.write(`note: the server was not reached; showing what is stored locally\n`);
  }
  return 0;
}

if (import.meta.main) {
  const code = await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  });
  // Everything is written and the database closed; idle keep-alive sockets must not hold the exit.
  process.exitCode = code;
  process.stdout.write('', () => process.exit(code));
}
