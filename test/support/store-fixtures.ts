import { recomputeConversationDerived } from '../../main/core/store/conversation-derived.ts';
import { openDatabase, transaction, type Database } from '../../main/core/store/database.ts';

/**
 * Rows written the way sync and the outbox write them (same columns, same
 * upsert shape), so read tests exercise the data the app really holds.
 */

export interface ConversationSeed {
  id: string;
  contactId?: string | null;
  groupId?: string | null;
  isPinned?: boolean;
  isMuted?: boolean;
  mutedUntil?: number | null;
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
  kind: string;
  conversationId: string | null;
  targetId: string | null;
  state?: 'pending' | 'in-flight' | 'failed';
  error?: string | null;
}

export const MESSAGE_UPSERT = `
  INSERT INTO messages
    (id, conversation_id, sender_id, own, text, reactions, attachments, read_at, created_at, updated_at, raw)
  VALUES
    ($id, $conversationId, $senderId, $own, $text, $reactions, $attachments, $readAt, $createdAt, $updatedAt, $raw)
  ON CONFLICT(id) DO UPDATE SET
    text = excluded.text, reactions = excluded.reactions, attachments = excluded.attachments,
    read_at = excluded.read_at, updated_at = excluded.updated_at, raw = excluded.raw`;

export function memoryDatabase(): Database {
  return openDatabase(':memory:');
}

export function seedConversation(db: Database, seed: ConversationSeed): void {
  const createdAt = seed.createdAt ?? 1_000;
  db.prepare(
    `INSERT INTO conversations
       (id, contact_id, group_id, is_pinned, is_muted, muted_until, is_archived, archived_at,
        last_active_at, created_at, local_name, read_up_to, pinned_message_id, sort_at)
     VALUES ($id, $contactId, $groupId, $isPinned, $isMuted, $mutedUntil, $isArchived, $archivedAt,
        $lastActiveAt, $createdAt, $localName, $readUpTo, $pinnedMessageId, $createdAt)`,
  ).run({
    $id: seed.id,
    $contactId: seed.contactId ?? null,
    $groupId: seed.groupId ?? null,
    $isPinned: seed.isPinned ? 1 : 0,
    $isMuted: seed.isMuted ? 1 : 0,
    $mutedUntil: seed.mutedUntil ?? null,
    $isArchived: seed.archivedAt != null ? 1 : 0,
    $archivedAt: seed.archivedAt ?? null,
    $lastActiveAt: seed.lastActiveAt ?? null,
    $createdAt: createdAt,
    $localName: seed.localName ?? null,
    $readUpTo: seed.readUpTo ?? 0,
    $pinnedMessageId: seed.pinnedMessageId ?? null,
  });
  recomputeConversationDerived(db, seed.id);
}

export function seedContact(db: Database, seed: ContactSeed): void {
  db.prepare(
    `INSERT INTO contacts (id, username, avatar_url, seen_at) VALUES (?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET username = excluded.username, avatar_url = excluded.avatar_url`,
  ).run(seed.id, seed.username, seed.avatarUrl ?? null, seed.seenAt ?? 1_000);
}

export function messageParams(seed: MessageSeed): Record<string, string | number | null> {
  return {
    $id: seed.id,
    $conversationId: seed.conversationId,
    $senderId: seed.senderId,
    $own: seed.own ? 1 : 0,
    $text: seed.text ?? '',
    $reactions: JSON.stringify(seed.reactions ?? {}),
    $attachments: JSON.stringify(seed.attachments ?? []),
    $readAt: seed.readAt ?? null,
    $createdAt: seed.createdAt,
    $updatedAt: seed.updatedAt ?? null,
    $raw: '{}',
  };
}

/** Upserts messages and recomputes their conversations, in one transaction, as a sync round does. */
export function seedMessages(db: Database, seeds: MessageSeed[]): void {
  const upsert = db.prepare(MESSAGE_UPSERT);
  transaction(db, () => {
    for (const seed of seeds) upsert.run(messageParams(seed));
    for (const id of new Set(seeds.map((seed) => seed.conversationId))) {
      recomputeConversationDerived(db, id);
    }
  });
}

export function seedOutbox(db: Database, seed: OutboxSeed): number {
  const result = db
    .prepare(
      `INSERT INTO outbox (kind, conversation_id, target_id, payload, idempotency_key, state, error, created_at)
       VALUES (?, ?, ?, '{}', ?, ?, ?, 1000)`,
    )
    .run(
      seed.kind,
      seed.conversationId,
      seed.targetId,
      crypto.randomUUID(),
      seed.state ?? 'pending',
      seed.error ?? null,
    );
  return Number(result.lastInsertRowid);
}

export function setSelf(db: Database, contactId: string, username: string): void {
  const put = db.prepare(
    `INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
  );
  put.run('self_contact_id', contactId);
  put.run('self_username', username);
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
