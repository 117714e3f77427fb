import { parseArgs } from 'node:util';
import { conversationFilter } from '../../shared/model/conversation.ts';
import { CliUsageError, type CliClient } from './cli-client.ts';
import type { CommandIo } from './webhooks-command.ts';
import { listConversations, pageMessages, searchMessages, CoreError } from '../core/headless.ts';

interface CommandContext {
  client: CliClient;
  io: CommandIo;
  json: boolean;
}

/** The result of a command: what to print, and whether it failed. */
export interface Printed {
  json: unknown;
  text: string;
  failed?: string;
}

type Command = (args: string[], context: CommandContext) => Promise<Printed>;

const CONVERSATION_WRITES = {
  pin: (c: CliClient, id: string) => c.engine.writes.setPinned(id, true),
  unpin: (c: CliClient, id: string) => c.engine.writes.setPinned(id, false),
  mute: (c: CliClient, id: string) => c.engine.writes.setMuted(id, true, null),
  unmute: (c: CliClient, id: string) => c.engine.writes.setMuted(id, false, null),
  archive: (c: CliClient, id: string) => c.engine.writes.setArchived(id, true),
  unarchive: (c: CliClient, id: string) => c.engine.writes.setArchived(id, false),
  'delete-conversation': (c: CliClient, id: string) => c.engine.writes.deleteConversation(id),
} as const;

export const COMMANDS: Record<string, Command> = {
  sync: async (args, { client }) => {
    positional(args, 0, 'sync');
    await syncFully(client);
    const status = client.engine.status();
    return {
      json: status,
      text: `synced: ${status.initialSync.items} items at sign-in, ${status.history.items} messages of history${status.history.done ? '' : ' so far'}; ${status.pendingWrites} changes queued, ${status.failedWrites} failed`,
      ...(status.connection !== 'online' && {
        failed: status.lastError ?? 'the server was not reached',
      }),
    };
  },
  conversations: async (args, { client }) => {
    const { values } = parse(args, { filter: { type: 'string' }, group: { type: 'string' } });
    const filter = conversationFilter.safeParse(values.filter ?? 'all');
    if (!filter.success) throw new CliUsageError('--filter takes all, pinned, muted or archived');
    await syncFully(client);
    const list = listConversations(client.db, {
      filter: filter.data,
      groupId: values.group,
      offset: 0,
      limit: 200,
    });
    return {
      json: list,
      text: list.items
        .map((c) => `${c.id}\t${c.title}\t${c.unreadCount} unread${flags(c)}`)
        .join('\n'),
    };
  },
  messages: async (args, { client }) => {
    const { values, positionals } = parse(args, { limit: { type: 'string' } });
    const [conversationId] = positional(positionals, 1, 'messages <conversation_id>');
    const limit = Number(values.limit ?? 20);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
      throw new CliUsageError('--limit takes a whole number from 1 to 200');
    }
    client.engine.setActivity({
      focused: false,
      visible: false,
      openConversationId: conversationId,
    });
    await syncFully(client);
    const page = pageMessages(client.db, { conversationId, limit });
    return {
      json: page,
      text: page.items
        .map(
          (m) =>
            `${m.id}\t${new Date(m.createdAt).toISOString()}\t${m.sender.username}: ${m.text}${m.state === 'synced' ? '' : ` [${m.state}]`}`,
        )
        .join('\n'),
    };
  },
  search: async (args, { client }) => {
    const [query] = positional(parse(args, {}).positionals, 1, 'search <query>');
    await syncFully(client);
    const result = await searchMessages(client.db, { query, offset: 0, limit: 50 });
    return {
      json: result,
      text: result.hits
        .map((h) => `${h.messageId}\t${h.conversationTitle}\t${h.senderName}: ${h.snippet}`)
        .join('\n'),
    };
  },
  outbox: async (args, { client }) => {
    positional(args, 0, 'outbox');
    const items = client.engine.outbox.list();
    return {
      json: { items },
      text: items
        .map((e) => `${e.id}\t${e.state}\t${e.summary}${e.error ? `\t${e.error}` : ''}`)
        .join('\n'),
    };
  },
  send: async (args, context) => {
    const [conversationId, text] = positional(args, 2, 'send <conversation_id> <text>');
    return write(context, () =>
      context.client.engine.writes.send({ conversationId, text, attachments: [] }),
    );
  },
  edit: async (args, context) => {
    const [messageId, text] = positional(args, 2, 'edit <message_id> <text>');
    return write(context, () => context.client.engine.writes.edit(messageId, text));
  },
  react: async (args, context) => {
    const { values, positionals } = parse(args, { as: { type: 'string' } });
    const [messageId, reaction] = positional(positionals, 2, 'react <message_id> <reaction>');
    return write(context, () =>
      context.client.engine.writes.react(messageId, reaction, true, values.as ?? null),
    );
  },
  'delete-message': async (args, context) => {
    const [messageId] = positional(args, 1, 'delete-message <message_id>');
    return write(context, () => context.client.engine.writes.deleteMessage(messageId));
  },
  'pin-message': async (args, context) => {
    const [conversationId, messageId] = positional(
      args,
      2,
      'pin-message <conversation_id> <message_id>',
    );
    return write(context, () => context.client.engine.writes.pinMessage(conversationId, messageId));
  },
  'new-conversation': async (args, context) => {
    const { values } = parse(args, { contact: { type: 'string' }, group: { type: 'string' } });
    if ((values.contact === undefined) === (values.group === undefined)) {
      throw new CliUsageError('new-conversation takes exactly one of --contact ID or --group ID');
    }
    return write(context, () =>
      context.client.engine.writes.openOrCreateConversation(
        values.contact !== undefined ? { contactId: values.contact } : { groupId: values.group! },
      ),
    );
  },
  ...Object.fromEntries(
    Object.entries(CONVERSATION_WRITES).map(([name, act]) => [
      name,
      async (args: string[], context: CommandContext) => {
        const [id] = positional(args, 1, `${name} <conversation_id>`);
        return write(context, () => act(context.client, id));
      },
    ]),
  ),
};

/** One full sync: the initial sync to its end, all older history, a round, and the outbox flushed. */
export async function syncFully(client: CliClient): Promise<void> {
  do {
    await client.engine.syncNow();
  } while (
    client.engine.status().connection === 'online' &&
    !client.engine.status().initialSync.done
  );
  await client.engine.history.settled();
}

/**
 * Applies a write locally (queued in the outbox), syncs, and reports whether
 * the server took it, it is queued for later, or the server refused it.
 */
async function write(context: CommandContext, act: () => unknown): Promise<Printed> {
  const { client } = context;
  const before = lastOutboxId(client);
  let value: unknown;
  try {
    value = await act();
  } catch (error) {
    if (error instanceof CoreError && error.code === 'not-found') {
      await syncFully(client);
      value = await act();
    } else throw error;
  }
  await syncFully(client);
  const mine = client.engine.outbox.list().filter((entry) => entry.id > before);
  const failed = mine.find((entry) => entry.state === 'failed');
  const id = typeof value === 'string' ? serverId(client, value) : null;
  const state = failed ? 'failed' : mine.length > 0 ? 'queued' : 'done';
  return {
    json: { state, ...(id !== null && { id }), ...(failed && { error: failed.error }) },
    text: `${state}${id !== null ? `: ${id}` : ''}`,
    ...(failed && { failed: failed.error ?? 'the server refused the change' }),
  };
}

function lastOutboxId(client: CliClient): number {
  return (
    client.db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM outbox').get() as { id: number }
  ).id;
}

function serverId(client: CliClient, localId: string): string {
  const row = client.db.prepare('SELECT server_id FROM id_map WHERE local_id = ?').get(localId) as
    { server_id: string } | undefined;
  return row?.server_id ?? localId;
}

function flags(c: { isPinned: boolean; isMuted: boolean; archivedAt: number | null }): string {
  const names = [c.isPinned && 'pinned', c.isMuted && 'muted', c.archivedAt !== null && 'archived'];
  const set = names.filter(Boolean);
  return set.length > 0 ? `\t${set.join(',')}` : '';
}

function parse<O extends Record<string, { type: 'string' }>>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
}

function positional(args: string[], count: 0, usage: string): [];
function positional(args: string[], count: 1, usage: string): [string];
function positional(args: string[], count: 2, usage: string): [string, string];
function positional(args: string[], count: number, usage: string): string[] {
  if (args.length !== count || args.some((arg) => arg.trim() === '')) {
    throw new CliUsageError(`usage: ${usage}`);
  }
  return args;
}
