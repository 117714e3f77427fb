import { once } from 'node:events';
import { parseArgs } from 'node:util';
import type { CoreEvent } from '../../shared/ipc/events.ts';
import {
  recordChanges,
  type Change,
  type ChangeLog,
  type ConversationState,
} from './change-log.ts';
import { CliUsageError, type CliClient } from './cli-client.ts';
import { syncFully } from './messaging-commands.ts';
import type { CommandIo } from './webhooks-command.ts';

const USAGE = 'usage: watch [--conversation ID]';

/**
 * Polls as a focused window would and prints what happens until interrupted:
 * one line per new, edited or deleted message and per change of a
 * conversation's state, as JSON with --json, else as a line a person reads.
 * History already stored, and the initial sync of a new data directory, is
 * not news. Edits and deletions are seen in recent messages everywhere, and
 * in the whole of the conversation named by --conversation (polled as an
 * open one is).
 */
export async function watch(
  client: CliClient,
  args: string[],
  json: boolean,
  io: CommandIo,
): Promise<number> {
  const conversation = parseWatchArgs(args);
  let log: ChangeLog | null = null;
  let connection: string | null = null;
  let unauthorized: () => void = () => {};
  const refused = new Promise<void>((resolve) => (unauthorized = resolve));

  const print = (line: string) => io.stdout.write(`${line}\n`);
  // What is stored before the initial sync ends is history, not news.
  const startLog = () => {
    if (log !== null || !client.engine.status().initialSync.done) return;
    log = recordChanges(client.db);
    io.stderr.write('watching for new, edited and deleted messages (Ctrl-C stops)\n');
  };
  client.onEvent((event: CoreEvent) => {
    switch (event.type) {
      case 'changes':
        for (const change of log?.drain() ?? [])
          print(json ? JSON.stringify(change) : line(change));
        break;
      case 'notice':
        if (json) print(JSON.stringify(event));
        else io.stderr.write(`${event.level}: ${event.message}\n`);
        break;
      case 'status':
        startLog();
        if (event.status.connection === connection) break;
        if (event.status.connection === 'unauthorized') unauthorized();
        else if (event.status.connection === 'offline') {
          io.stderr.write(`note: offline (${event.status.lastError ?? 'no answer'}); retrying\n`);
        } else if (connection === 'offline') io.stderr.write('note: back online\n');
        connection = event.status.connection;
        break;
    }
  });
  client.engine.setActivity({ focused: true, visible: true, openConversationId: conversation });
  await syncFully(client);
  startLog();

  // The engine's timers never hold a process open (a closing app must be able to exit): watching does.
  const keepAlive = setInterval(() => {}, 60_000);
  const stopped = io.signal ? once(io.signal, 'abort') : new Promise(() => {});
  const ended = await Promise.race([
    once(process, 'SIGINT'),
    once(process, 'SIGTERM'),
    stopped,
    refused.then(() => 'refused' as const),
  ]).finally(() => clearInterval(keepAlive));
  if (ended === 'refused') {
    io.stderr.write('error: the server did not accept PARLEY_TOKEN\n');
    return 1;
  }
  return 0;
}

function parseWatchArgs(args: string[]): string | null {
  try {
    const { values } = parseArgs({
      args,
      options: { conversation: { type: 'string' } },
      allowPositionals: false,
      strict: true,
    });
    return values.conversation ?? null;
  } catch {
    throw new CliUsageError(USAGE);
  }
}

const STATE_WORDS: Record<keyof ConversationState, [string, string]> = {
  pinned: ['pinned', 'unpinned'],
  muted: ['muted', 'unmuted'],
  archived: ['archived', 'unarchived'],
  pinnedMessageId: ['pinned a message', 'unpinned its message'],
};

/** "12:04 ava.kim in design-team: Can we move the call to 3pm?" */
export function line(change: Change): string {
  const time = new Date(change.time).toTimeString().slice(0, 5);
  switch (change.type) {
    case 'message.created':
    case 'message.edited':
    case 'message.deleted': {
      // In a conversation with one contact, its name is the contact's: "ava.kim: Hi", "you to ava.kim: Hi".
      const where = change.group
        ? ` in ${change.conversation}`
        : change.sender === change.conversation
          ? ''
          : ` to ${change.conversation}`;
      const what = change.type === 'message.created' ? '' : ` (${change.type.slice(8)})`;
      const text = change.text.trim() || change.attachments.map((name) => `[${name}]`).join(' ');
      return `${time} ${change.sender}${where}${what}: ${text.replaceAll(/\s*\n\s*/g, ' ⏎ ')}`;
    }
    case 'conversation.created':
      return `${time} ${change.conversation}: new conversation`;
    case 'conversation.deleted':
      return `${time} ${change.conversation}: deleted`;
    case 'conversation.updated': {
      const words = Object.entries(change.changes).map(([key, value]) => {
        const [on, off] = STATE_WORDS[key as keyof ConversationState];
        return value === true || (typeof value === 'string' && value !== '') ? on : off;
      });
      return `${time} ${change.conversation}: ${words.join(', ')}`;
    }
  }
}
