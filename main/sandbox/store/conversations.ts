import type { SQLInputValue } from 'node:sqlite';
import type { SandboxDatabase } from './database.ts';
import { newId } from './ids.ts';
import { pageSql, toPage, type Page, type PageRequest } from './pagination.ts';

/** One user's side of a conversation. */
export interface MembershipRow {
  owner_id: string;
  conversation_id: string;
  contact_id: string | null;
  group_id: string | null;
  pinned_message_id: string | null;
  is_pinned: number;
  is_muted: number;
  last_active_at: number | null;
  last_opened_at: number | null;
  archived_at: number | null;
  created_at: number;
}

interface ThreadRow {
  id: string;
  group_id: string | null;
  contact_a: string | null;
  contact_b: string | null;
}

export interface ConversationFilters {
  muted?: boolean;
  archived?: boolean;
  pinned?: boolean;
  groupId?: string;
}

export interface ConversationChanges {
  pinned_message_id?: string | null;
  is_pinned?: boolean;
  is_muted?: boolean;
  archived_at?: number | null;
  last_opened_at?: number;
}

/** Who sees a thread: the two contacts of a pair, or the group's members now. */
export type Participants = (thread: ThreadRow) => string[];

export function createConversationStore(database: SandboxDatabase, participants: Participants) {
  const { statement, row, rows, transaction } = database;

  const get = (ownerId: string, conversationId: string) =>
    row<MembershipRow>(
      'SELECT * FROM memberships WHERE owner_id = ? AND conversation_id = ?',
      ownerId,
      conversationId,
    );

  const thread = (conversationId: string) =>
    row<ThreadRow>(
      'SELECT id, group_id, contact_a, contact_b FROM threads WHERE id = ?',
      conversationId,
    );

  /** The owner's membership of a thread, created (state all default) when missing. */
  const join = (ownerId: string, target: ThreadRow, at: number): MembershipRow => {
    const contactId =
      target.group_id === null
        ? target.contact_a === ownerId
          ? target.contact_b
          : target.contact_a
        : null;
    statement(
      `INSERT INTO memberships (owner_id, conversation_id, contact_id, group_id, created_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ).run(ownerId, target.id, contactId, target.group_id, at);
    return get(ownerId, target.id) as MembershipRow;
  };

  const findOrCreateThread = (
    lookup: { sql: string; params: SQLInputValue[] },
    insert: { groupId: string | null; contactA: string | null; contactB: string | null },
    at: number,
  ): ThreadRow => {
    const existing = row<ThreadRow>(
      `SELECT id, group_id, contact_a, contact_b FROM threads WHERE ${lookup.sql}`,
      ...lookup.params,
    );
    if (existing) return existing;
    const created = {
      id: newId('conv', at * 1000),
      group_id: insert.groupId,
      contact_a: insert.contactA,
      contact_b: insert.contactB,
    };
    statement(
      'INSERT INTO threads (id, group_id, contact_a, contact_b, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(created.id, created.group_id, created.contact_a, created.contact_b, at);
    return created;
  };

  return {
    get,
    join,

    /** Everyone who receives a message sent into this conversation now. */
    recipients(conversationId: string): string[] {
      const target = thread(conversationId);
      return target ? participants(target) : [];
    },

    threadOf: thread,

    list(ownerId: string, filters: ConversationFilters, page: PageRequest): Page<MembershipRow> {
      const where = ['owner_id = ?'];
      const params: SQLInputValue[] = [ownerId];
      const flag = (value: boolean | undefined, sql: string) => {
        if (value !== undefined) where.push(value ? sql : `NOT (${sql})`);
      };
      flag(filters.muted, 'is_muted = 1');
      flag(filters.pinned, 'is_pinned = 1');
      flag(filters.archived, 'archived_at IS NOT NULL');
      if (filters.groupId !== undefined) {
        where.push('group_id = ?');
        params.push(filters.groupId);
      }
      const paging = pageSql(page, { createdAt: 'created_at', id: 'conversation_id' });
      return toPage(
        rows<MembershipRow>(
          `SELECT * FROM memberships WHERE ${where.join(' AND ')} AND ${paging.where} ${paging.tail}`,
          ...params,
          ...paging.params,
        ),
        page,
      );
    },

    openDirect(ownerId: string, contactId: string, at: number): MembershipRow {
      const [contactA, contactB] = [ownerId, contactId].sort() as [string, string];
      return transaction(() =>
        join(
          ownerId,
          findOrCreateThread(
            { sql: 'contact_a = ? AND contact_b = ?', params: [contactA, contactB] },
            { groupId: null, contactA, contactB },
            at,
          ),
          at,
        ),
      );
    },

    openGroup(ownerId: string, groupId: string, at: number): MembershipRow {
      return transaction(() =>
        join(
          ownerId,
          findOrCreateThread(
            { sql: 'group_id = ?', params: [groupId] },
            { groupId, contactA: null, contactB: null },
            at,
          ),
          at,
        ),
      );
    },

    update(ownerId: string, conversationId: string, changes: ConversationChanges): void {
      const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
      if (entries.length === 0) return;
      statement(
        `UPDATE memberships SET ${entries.map(([column]) => `${column} = ?`).join(', ')}
         WHERE owner_id = ? AND conversation_id = ?`,
      ).run(
        ...entries.map(([, value]) => (typeof value === 'boolean' ? Number(value) : value)),
        ownerId,
        conversationId,
      );
    },

    /** Marks activity on every member's side of the conversation. */
    touch(conversationId: string, at: number): void {
      statement('UPDATE memberships SET last_active_at = ? WHERE conversation_id = ?').run(
        at,
        conversationId,
      );
    },

    /** Removes the owner's side and their copies of its messages; others keep theirs. */
    remove(ownerId: string, conversationId: string): void {
      transaction(() => {
        statement('DELETE FROM messages WHERE owner_id = ? AND conversation_id = ?').run(
          ownerId,
          conversationId,
        );
        statement('DELETE FROM memberships WHERE owner_id = ? AND conversation_id = ?').run(
          ownerId,
          conversationId,
        );
        statement(
          `DELETE FROM threads WHERE id = ?
           AND NOT EXISTS (SELECT 1 FROM memberships WHERE conversation_id = ?)`,
        ).run(conversationId, conversationId);
      });
    },

    /** Unpins a message that is gone, for whoever had it pinned. */
    unpinMessage(messageId: string, ownerId: string | null): void {
      statement(
        `UPDATE memberships SET pinned_message_id = NULL
         WHERE pinned_message_id = ? AND (? IS NULL OR owner_id = ?)`,
      ).run(messageId, ownerId, ownerId);
    },
  };
}
