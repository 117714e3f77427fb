import type { OutboxKind } from '../../shared/model/outbox.ts';
import type {
  ApiContact,
  ApiConversation,
  ApiMessage,
  Reactions,
} from '../../main/core/api/messaging-api.ts';
import { recomputeConversationDerived } from '../../main/core/store/conversation-derived.ts';
import { openDatabase, transaction, type Database } from '../../main/core/store/database.ts';
import { renameConversation } from '../../main/core/store/local-names.ts';
import { writeKey } from '../../main/core/store/meta-keys.ts';
import { enqueue, markFailed, markInFlight } from '../../main/core/store/outbox-entries.ts';
import type { Payload } from '../../main/core/store/outbox-payloads.ts';
import {
  upsertContact,
  upsertConversation,
  upsertMessage,
} from '../../main/core/store/record-upserts.ts';

/**
 * Test databases seeded through the writers sync and the outbox use (the
 * record upserts, the outbox queue, the meta keys), so read tests exercise
 * the rows the app really holds and follow any change to how it writes them.
 */

export interface ConversationSeed {
  id: string;
  contactId?: string | null;
  groupId?: string | null;
  isPinned?: boolean;
  isMuted?: boolean;
  archivedAt?: number | null;
  lastActiveAt?: number | null;
  createdAt?: number;
  localName?: string | null;
  readUpTo?: number;
  pinnedMessageId?: string | null;
}

export interface MessageSeed {
  id: string;
  conversationId: string;
  senderId: string;
  own?: boolean;
  text?: string;
  reactions?: unknown;
  attachments?: unknown;
  readAt?: number | null;
  createdAt: number;
  updatedAt?: number | null;
}

export interface ContactSeed {
  id: string;
  username: string;
  avatarUrl?: string | null;
  seenAt?: number;
}

export interface OutboxSeed {
  kind: keyof typeof SEED_PAYLOADS;
  conversationId: string;
  targetId: string | null;
  state?: 'pending' | 'in-flight' | 'failed';
  error?: string | null;
}

export function memoryDatabase(): Database {
  return openDatabase(':memory:');
}

/**
 * Stores a conversation as sync first sees it from the server; a local name
 * is given as the user gives one. `readUpTo` is the server's `last_opened_at`,
 * which a first sync takes as the read marker.
 */
export function seedConversation(db: Database, seed: ConversationSeed): void {
  upsertConversation(
    db,
    {
      id: seed.id,
      contactId: seed.contactId ?? null,
      groupId: seed.groupId ?? null,
      pinnedMessageId: seed.pinnedMessageId ?? null,
      isPinned: seed.isPinned ?? false,
      isMuted: seed.isMuted ?? false,
      lastActiveAt: seed.lastActiveAt ?? null,
      lastOpenedAt: seed.readUpTo ?? null,
      createdAt: seed.createdAt ?? 1_000,
      archivedAt: seed.archivedAt ?? null,
      raw: { id: seed.id },
    },
    false,
  );
  if (seed.localName != null) renameConversation(db, seed.id, seed.localName);
  recomputeConversationDerived(db, seed.id);
}

export function seedContact(db: Database, seed: ContactSeed): void {
  upsertContact(db, apiContact(seed.id, seed.username, seed.avatarUrl), seed.seenAt ?? 1_000);
}

/** A contact as the server's record of it, with only the fields the tests vary. */
function apiContact(id: string, username: string, avatarUrl: string | null = null): ApiContact {
  return { id, username, phoneNumber: null, avatarUrl, lastActiveAt: null, createdAt: null };
}

/** A one-to-one conversation as the server lists it, with `contact-<id>` its contact. */
export function apiConversation(
  id: string,
  fields: Partial<ApiConversation> = {},
): ApiConversation {
  const record = {
    id,
    contactId: `contact-${id}`,
    groupId: null,
    pinnedMessageId: null,
    isPinned: false,
    isMuted: false,
    lastActiveAt: 5_000,
    lastOpenedAt: 4_000,
    createdAt: 1_000,
    archivedAt: null,
    ...fields,
  };
  return { ...record, raw: { ...record } };
}

/** A seed as the server's record of it; only the sender's id is stored with a message. */
export function apiMessage(seed: MessageSeed): ApiMessage {
  return {
    id: seed.id,
    conversationId: seed.conversationId,
    contact: apiContact(seed.senderId, seed.senderId),
    message: seed.text ?? '',
    reactions: (seed.reactions ?? {}) as Reactions,
    attachments: (seed.attachments ?? []) as unknown[],
    readAt: seed.readAt ?? null,
    createdAt: seed.createdAt,
    updatedAt: seed.updatedAt ?? null,
  };
}

/** Upserts messages and recomputes their conversations, in one transaction, as a sync round does. */
export function seedMessages(db: Database, seeds: MessageSeed[]): void {
  transaction(db, () => {
    for (const seed of seeds) upsertMessage(db, apiMessage(seed), seed.own ?? false);
    for (const id of new Set(seeds.map((seed) => seed.conversationId))) {
      recomputeConversationDerived(db, id);
    }
  });
}

/** A valid payload of each kind the tests queue; what it says does not matter to the reads. */
const SEED_PAYLOADS = {
  send: { text: 'seeded', attachments: [], firstAttemptAt: null },
  edit: { text: 'seeded', previous: 'before', previousUpdatedAt: null, previousEditedAt: null },
  react: { reaction: 'like', add: true, as: null, previous: {} },
  pin: { pinned: true },
  mute: { muted: true, previousUntil: null },
} satisfies { [K in OutboxKind]?: Payload<K> };

/** Queues a write as the outbox does, then moves it to the state the test needs. */
export function seedOutbox(db: Database, seed: OutboxSeed): number {
  const id = enqueue(
    db,
    {
      kind: seed.kind,
      conversationId: seed.conversationId,
      targetId: seed.targetId,
      payload: SEED_PAYLOADS[seed.kind],
    },
    1_000,
  );
  if (seed.state === 'in-flight') markInFlight(db, id);
  if (seed.state === 'failed') markFailed(db, id, seed.error ?? 'seeded failure');
  return id;
}

export function setSelf(db: Database, contactId: string, username: string): void {
  writeKey(db, 'meta', 'self_contact_id', contactId);
  writeKey(db, 'meta', 'self_username', username);
}

/** Every row of every table, in a stable order: equal dumps mean nothing was written. */
export function dumpDatabase(db: Database): string {
  const tables = db
    .prepare(
      `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    )
    .all() as { name: string }[];
  return JSON.stringify(
    tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY 1`).all()]),
  );
}
