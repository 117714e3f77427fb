import type { MessageView } from '../../../shared/model/message.ts';
import { attachmentViews } from './attachment-views.ts';
import type { Database } from './database.ts';
import { reactionViews } from './reaction-views.ts';
import { statement } from './statement-cache.ts';
import { clipForDisplay } from './display-text.ts';

/**
 * How far one of our messages got, as far as this API can tell: the server
 * sets `read_at` when someone other than the sender fetches it (read); the
 * other side has been active since it arrived, by a later message of theirs
 * in the conversation or their contact's last activity (delivered); else it
 * is on the server, waiting in their mailbox (sent). The later-message test
 * reads the `messages_thread` index alone (it holds `own`), from the message on.
 */
const RECEIPT = `
  CASE WHEN m.own = 0 THEN NULL
    WHEN m.read_at IS NOT NULL THEN 'read'
    WHEN EXISTS (SELECT 1 FROM messages later
                 WHERE later.conversation_id = m.conversation_id AND later.own = 0
                   AND later.created_at > m.created_at)
      OR (SELECT other.last_active_at FROM conversations c
          JOIN contacts other ON other.id = c.contact_id
          WHERE c.id = m.conversation_id) >= m.created_at THEN 'delivered'
    ELSE 'sent' END`;

/** The columns a MessageView is built from, for `FROM messages m`. */
export const MESSAGE_SELECT = `
  SELECT m.id, m.conversation_id, m.sender_id, m.own, m.text, m.reactions, m.attachments,
    m.read_at, m.created_at, m.updated_at, m.edited_at,
    ct.username AS sender_username, ct.avatar_url AS sender_avatar_url, ${RECEIPT} AS receipt
  FROM messages m
  LEFT JOIN contacts ct ON ct.id = m.sender_id`;

export interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  own: number;
  text: string;
  reactions: string;
  attachments: string;
  read_at: number | null;
  created_at: number;
  updated_at: number | null;
  edited_at: number | null;
  receipt: 'sent' | 'delivered' | 'read' | null;
  sender_username: string | null;
  sender_avatar_url: string | null;
}

interface OutboxState {
  target_id: string;
  id: number;
  state: 'pending' | 'in-flight' | 'failed';
  error: string | null;
}

/**
 * Builds the views of a page of messages, with each message's write state
 * from the outbox: a failed write wins over a pending one, since it is the one
 * the user has to act on.
 */
export function toMessageViews(
  db: Database,
  rows: MessageRow[],
  selfName: string | null,
): MessageView[] {
  const writes = outboxStates(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const write = writes.get(row.id);
    return {
      id: row.id,
      conversationId: row.conversation_id,
      sender: {
        id: row.sender_id,
        username: clipForDisplay(
          row.sender_username ?? (row.own === 1 ? selfName : null) ?? row.sender_id,
        ),
        avatarUrl: row.sender_avatar_url,
      },
      own: row.own === 1,
      text: row.text,
      reactions: reactionViews(row.reactions, selfName),
      attachments: attachmentViews(row.attachments),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      editedAt: row.edited_at,
      readAt: row.read_at,
      receipt: row.receipt,
      state: write === undefined ? 'synced' : write.state === 'failed' ? 'failed' : 'pending',
      error: write?.state === 'failed' ? write.error : null,
      outboxId: write?.id ?? null,
    };
  });
}

function outboxStates(db: Database, messageIds: string[]): Map<string, OutboxState> {
  const states = new Map<string, OutboxState>();
  if (messageIds.length === 0) return states;
  const rows = statement(
    db,
    `SELECT target_id, id, state, error FROM outbox
     WHERE target_id IN (SELECT value FROM json_each(?))
     ORDER BY state = 'failed', id`,
  ).all(JSON.stringify(messageIds)) as unknown as OutboxState[];
  for (const row of rows) states.set(row.target_id, row);
  return states;
}
