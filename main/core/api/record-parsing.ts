import { z } from 'zod';
import type { ApiContact, ApiConversation, ApiMessage, Reactions } from './messaging-api.ts';
import type { TraitsLearner } from './server-traits.ts';

/**
 * The server's records as the spec describes them, read leniently where a
 * difference costs nothing (numeric ids, missing empty arrays, missing
 * defaults) and strictly where the app would otherwise show nonsense.
 */
const id = z.union([z.string().min(1), z.number().int()]).transform(String);
const timestamp = z.number().finite().nonnegative();
const reactor = z.union([z.string(), z.number()]).transform(String);
const reactionObject = z.record(z.string(), z.array(reactor));

const contactRecord = z.object({
  id,
  username: z.string(),
  phone_number: z.string().nullish(),
  avatar_url: z.string().nullish(),
  last_active_at: timestamp.nullish(),
  created_at: timestamp.nullish(),
});

const messageRecord = z.object({
  id,
  conversation_id: id,
  contact: contactRecord,
  message: z.string().nullish(),
  // The spec's array of one-key objects; an already merged object is read too.
  reactions: z.union([z.array(reactionObject), reactionObject]).nullish(),
  attachments: z.array(z.unknown()).nullish(),
  read_at: timestamp.nullish(),
  created_at: timestamp,
  updated_at: timestamp.nullish(),
});

const conversationRecord = z.object({
  id,
  contact_id: id.nullish(),
  group_id: id.nullish(),
  pinned_message_id: id.nullish(),
  is_pinned: z.boolean().nullish(),
  is_muted: z.boolean().nullish(),
  last_active_at: timestamp.nullish(),
  last_opened_at: timestamp.nullish(),
  created_at: timestamp,
  archived_at: timestamp.nullish(),
});

export const listEnvelope = z.object({
  data: z.array(z.unknown()),
  has_more: z.boolean().nullish(),
});

export type RecordReader<T> = (raw: unknown, traits: TraitsLearner) => ReadResult<T>;
type ReadResult<T> = { ok: true; value: T } | { ok: false; problem: string };

/** A server timestamp in milliseconds, whatever unit the server uses; absent stays null. */
type ToMs = {
  (value: number): number;
  (value: number | null | undefined): number | null;
};

/** Validates a record against its schema, then builds the app's shape from it. */
function recordReader<S extends z.ZodType, T>(
  schema: S,
  build: (record: z.output<S>, ms: ToMs, raw: Record<string, unknown>) => T,
): RecordReader<T> {
  return (raw, traits) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return { ok: false, problem: describeIssues(parsed.error) };
    const ms = ((value: number | null | undefined) =>
      value == null ? null : traits.toMs(value)) as ToMs;
    return { ok: true, value: build(parsed.data, ms, raw as Record<string, unknown>) };
  };
}

export const readMessage = recordReader(messageRecord, (record, ms): ApiMessage => ({
  id: record.id,
  conversationId: record.conversation_id,
  contact: toContact(record.contact, ms),
  message: record.message ?? '',
  reactions: mergeReactions(record.reactions ?? []),
  attachments: record.attachments ?? [],
  readAt: ms(record.read_at),
  createdAt: ms(record.created_at),
  updatedAt: ms(record.updated_at),
}));

export const readConversation = recordReader(
  conversationRecord,
  (record, ms, raw): ApiConversation => ({
    id: record.id,
    contactId: record.contact_id ?? null,
    groupId: record.group_id ?? null,
    pinnedMessageId: record.pinned_message_id ?? null,
    isPinned: record.is_pinned ?? false,
    isMuted: record.is_muted ?? false,
    lastActiveAt: ms(record.last_active_at),
    lastOpenedAt: ms(record.last_opened_at),
    createdAt: ms(record.created_at),
    archivedAt: ms(record.archived_at),
    raw,
  }),
);

function toContact(record: z.infer<typeof contactRecord>, ms: ToMs): ApiContact {
  return {
    id: record.id,
    username: record.username,
    phoneNumber: record.phone_number ?? null,
    avatarUrl: record.avatar_url ?? null,
    lastActiveAt: ms(record.last_active_at),
    createdAt: ms(record.created_at),
  };
}

/** `[{like:[a]}, {like:[b], wow:[c]}]` → `{like:[a,b], wow:[c]}`, each reactor once. */
function mergeReactions(
  reactions: Record<string, string[]>[] | Record<string, string[]>,
): Reactions {
  const merged = new Map<string, Set<string>>();
  for (const reaction of Array.isArray(reactions) ? reactions : [reactions]) {
    for (const [name, reactors] of Object.entries(reaction)) {
      const set = merged.get(name) ?? new Set<string>();
      for (const who of reactors) set.add(who);
      merged.set(name, set);
    }
  }
  // A plain object from entries: a reaction named "__proto__" stays an ordinary key.
  return Object.fromEntries([...merged].map(([name, set]) => [name, [...set]]));
}

/** The first few problems, for the log: paths and zod's words, never values. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`)
    .join('; ');
}
