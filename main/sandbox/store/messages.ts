import type { SandboxDatabase } from './database.ts';
import { pageSql, toPage, type Page, type PageRequest } from './pagination.ts';

/** One user's copy of a message, with its sender's contact record. */
export interface MessageRow {
  owner_id: string;
  id: string;
  conversation_id: string;
  sender_id: string;
  body: string;
  /** JSON: { <reaction name>: [<reactor>, ...] } */
  reactions: string;
  /** JSON: [{ name, url, mime_type, size }] */
  attachments: string;
  read_at: number | null;
  created_at: number;
  updated_at: number | null;
  sender_username: string;
  sender_phone_number: string;
  sender_avatar_url: string;
  sender_last_active_at: number;
  sender_created_at: number;
}

export interface NewMessage {
  id: string;
  conversationId: string;
  senderId: string;
  body: string;
  reactions: string;
  attachments: string;
  readAt: number | null;
  createdAt: number;
}

export interface MessageChanges {
  body?: string;
  reactions?: string;
  attachments?: string;
  updated_at: number;
}

const SELECT = `
  SELECT m.*, c.username AS sender_username, c.phone_number AS sender_phone_number,
    c.avatar_url AS sender_avatar_url, c.last_active_at AS sender_last_active_at,
    c.created_at AS sender_created_at
  FROM messages m JOIN contacts c ON c.id = m.sender_id`;

export function createMessageStore(database: SandboxDatabase) {
  const { statement, row, rows } = database;

  return {
    get(ownerId: string, id: string): MessageRow | null {
      return row<MessageRow>(`${SELECT} WHERE m.owner_id = ? AND m.id = ?`, ownerId, id);
    },

    list(ownerId: string, conversationId: string | null, page: PageRequest): Page<MessageRow> {
      const paging = pageSql(page, { createdAt: 'm.created_at', id: 'm.id' });
      const scope = conversationId === null ? '' : 'AND m.conversation_id = ?';
      return toPage(
        rows<MessageRow>(
          `${SELECT} WHERE m.owner_id = ? ${scope} AND ${paging.where} ${paging.tail}`,
          ownerId,
          ...(conversationId === null ? [] : [conversationId]),
          ...paging.params,
        ),
        page,
      );
    },

    /** Puts a copy of the message in each owner's mailbox. */
    deliver(message: NewMessage, owners: readonly string[]): void {
      const insert = statement(
        `INSERT INTO messages (owner_id, id, conversation_id, sender_id, body, reactions,
           attachments, read_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const owner of owners) {
        insert.run(
          owner,
          message.id,
          message.conversationId,
          message.senderId,
          message.body,
          message.reactions,
          message.attachments,
          message.readAt,
          message.createdAt,
        );
      }
    },

    /** Applies an edit to every copy: all sides see the same text, reactions and attachments. */
    update(id: string, changes: MessageChanges): void {
      const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
      statement(
        `UPDATE messages SET ${entries.map(([column]) => `${column} = ?`).join(', ')} WHERE id = ?`,
      ).run(...entries.map(([, value]) => value as string | number), id);
    },

    /**
     * Records that `readerId` has read these messages: read_at is set, on every
     * copy, the first time someone other than the sender reads it.
     */
    markRead(ids: readonly string[], readerId: string, at: number): void {
      const mark = statement(
        'UPDATE messages SET read_at = ? WHERE id = ? AND sender_id != ? AND read_at IS NULL',
      );
      for (const id of ids) mark.run(at, id, readerId);
    },

    removeEverywhere(id: string): void {
      statement('DELETE FROM messages WHERE id = ?').run(id);
    },

    removeCopy(ownerId: string, id: string): void {
      statement('DELETE FROM messages WHERE owner_id = ? AND id = ?').run(ownerId, id);
    },
  };
}
