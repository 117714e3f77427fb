import {
  attachmentViews,
  conversationTitle,
  isLocalIdSql,
  type Database,
} from '../core/headless.ts';

interface ConversationFacts {
  conversationId: string;
  /** The conversation as the app names it: local name, contact or group. */
  conversation: string;
  /** Whether it is a group conversation (else one with a contact). */
  group: boolean;
  /** ISO 8601: when a message was sent or edited, else when the change was noticed. */
  time: string;
}

interface MessageFacts extends ConversationFacts {
  messageId: string;
  senderId: string;
  /** The sender's username, else their id. */
  sender: string;
  text: string;
  /** Names of the message's attachments, for a message that is only an attachment. */
  attachments: string[];
}

export interface ConversationState {
  pinned: boolean;
  muted: boolean;
  archived: boolean;
  pinnedMessageId: string | null;
}

/** One thing that happened to the local copy of the account, as `watch` prints it. */
export type Change =
  | ({ type: 'message.created' | 'message.edited' | 'message.deleted' } & MessageFacts)
  | ({ type: 'conversation.created' | 'conversation.deleted' } & ConversationFacts)
  | ({ type: 'conversation.updated'; changes: Partial<ConversationState> } & ConversationFacts);

export interface ChangeLog {
  /** What happened since the last call, in the order it happened. */
  drain(): Change[];
}

// Rows with a local_ id are this device's writes not yet confirmed: they count once the server has them.
const SERVER_ROW = (row: 'new' | 'old') => `NOT ${isLocalIdSql(`${row}.id`)}`;
const STATE = (row: 'new' | 'old') =>
  `json_object('pinned', ${row}.is_pinned = 1, 'muted', ${row}.is_muted = 1,
    'archived', ${row}.is_archived = 1, 'pinnedMessageId', ${row}.pinned_message_id)`;
const CONFIRMED = `NOT ${SERVER_ROW('old')} AND ${SERVER_ROW('new')}`;

type Trigger = [name: string, on: string, when: string, insert: string];

const trigger = (...[name, on, when, insert]: Trigger) => `
  CREATE TEMP TRIGGER IF NOT EXISTS watch_${name} ${on} WHEN ${when}
  BEGIN ${insert}; END;`;

/** Logs the message as `row` (new or old) has it; `at` is the time it says. */
const message = (kind: string, row: 'new' | 'old', at: string) =>
  `INSERT INTO watch_log (kind, id, conversation_id, sender_id, text, attachments, at)
   VALUES ('message.${kind}', ${row}.id, ${row}.conversation_id, ${row}.sender_id, ${row}.text,
     ${row}.attachments, ${at})`;

/** Logs the conversation as `row` has it, with its state before and after when given. */
const conversation = (kind: string, row: 'new' | 'old', states = 'NULL, NULL') =>
  `INSERT INTO watch_log
     (kind, id, conversation_id, local_name, contact_id, group_id, previous, state)
   VALUES ('conversation.${kind}', ${row}.id, ${row}.id, ${row}.local_name, ${row}.contact_id,
     ${row}.group_id, ${states})`;

const TRIGGERS: Trigger[] = [
  [
    'message_created',
    'AFTER INSERT ON main.messages',
    SERVER_ROW('new'),
    message('created', 'new', 'new.created_at'),
  ],
  [
    'message_confirmed',
    'AFTER UPDATE OF id ON main.messages',
    CONFIRMED,
    message('created', 'new', 'new.created_at'),
  ],
  [
    'message_edited',
    'AFTER UPDATE OF text ON main.messages',
    `old.text IS NOT new.text AND ${SERVER_ROW('new')}`,
    message('edited', 'new', 'new.updated_at'),
  ],
  [
    'message_deleted',
    'AFTER DELETE ON main.messages',
    SERVER_ROW('old'),
    message('deleted', 'old', 'NULL'),
  ],
  [
    'conversation_created',
    'AFTER INSERT ON main.conversations',
    SERVER_ROW('new'),
    conversation('created', 'new'),
  ],
  [
    'conversation_confirmed',
    'AFTER UPDATE OF id ON main.conversations',
    CONFIRMED,
    conversation('created', 'new'),
  ],
  [
    'conversation_updated',
    'AFTER UPDATE OF is_pinned, is_muted, is_archived, pinned_message_id ON main.conversations',
    `${SERVER_ROW('new')} AND ${STATE('old')} IS NOT ${STATE('new')}`,
    conversation('updated', 'new', `${STATE('old')}, ${STATE('new')}`),
  ],
  [
    'conversation_deleted',
    'AFTER DELETE ON main.conversations',
    SERVER_ROW('old'),
    conversation('deleted', 'old'),
  ],
];

/**
 * Records every change to messages and conversations made through this
 * connection from now on, with temporary triggers: whatever path the sync
 * engine took to learn it (the feed, the open conversation's page, the list),
 * the row changed, so nothing is missed and nothing is diffed. The triggers
 * and their log live in the connection's TEMP schema and vanish with it.
 */
export function recordChanges(db: Database): ChangeLog {
  db.exec(`
    CREATE TEMP TABLE IF NOT EXISTS watch_log (
      seq INTEGER PRIMARY KEY,
      kind TEXT NOT NULL,
      id TEXT NOT NULL,
      conversation_id TEXT NOT NULL,
      sender_id TEXT,
      text TEXT,
      attachments TEXT,
      at INTEGER,
      previous TEXT,
      state TEXT,
      local_name TEXT,
      contact_id TEXT,
      group_id TEXT
    );
    ${TRIGGERS.map((args) => trigger(...args)).join('\n')}
  `);
  // A conversation deleted since the last drain is named from what the log kept of it.
  const read = db.prepare(`
    SELECT l.seq, l.kind, l.id, l.conversation_id, l.sender_id, l.text, l.attachments, l.at,
      l.previous, l.state,
      coalesce(c.local_name, l.local_name) AS local_name,
      coalesce(c.contact_id, l.contact_id) AS contact_id,
      coalesce(c.group_id, l.group_id) AS group_id,
      ct.username AS contact_username, sender.username AS sender_username
    FROM temp.watch_log l
    LEFT JOIN main.conversations c ON c.id = l.conversation_id
    LEFT JOIN main.contacts ct ON ct.id = coalesce(c.contact_id, l.contact_id)
    LEFT JOIN main.contacts sender ON sender.id = l.sender_id
    ORDER BY l.seq`);
  const clear = db.prepare('DELETE FROM temp.watch_log WHERE seq <= ?');

  return {
    drain() {
      const rows = read.all() as unknown as LogRow[];
      const last = rows.at(-1);
      if (last === undefined) return [];
      clear.run(last.seq);
      const now = new Date().toISOString();
      // A deleted conversation takes its messages with it: one line says so, not one per message.
      const goneConversations = new Set(
        rows.filter((row) => row.kind === 'conversation.deleted').map((row) => row.id),
      );
      return rows
        .filter(
          (row) => !(row.kind === 'message.deleted' && goneConversations.has(row.conversation_id)),
        )
        .map((row) => toChange(row, now));
    },
  };
}

interface LogRow {
  seq: number;
  kind: Change['type'];
  id: string;
  conversation_id: string;
  sender_id: string | null;
  text: string | null;
  attachments: string | null;
  at: number | null;
  previous: string | null;
  state: string | null;
  local_name: string | null;
  contact_id: string | null;
  group_id: string | null;
  contact_username: string | null;
  sender_username: string | null;
}

function toChange(row: LogRow, now: string): Change {
  const where = {
    conversationId: row.conversation_id,
    conversation: conversationTitle({ ...row, id: row.conversation_id }),
    group: row.group_id !== null,
  };
  const time = row.at === null ? now : new Date(row.at).toISOString();
  switch (row.kind) {
    case 'message.created':
    case 'message.edited':
    case 'message.deleted':
      return {
        type: row.kind,
        ...where,
        messageId: row.id,
        senderId: row.sender_id ?? '',
        sender: row.sender_username || row.sender_id || '',
        text: row.text ?? '',
        attachments: attachmentViews(row.attachments).map((attachment) => attachment.name),
        time,
      };
    case 'conversation.updated':
      return { type: row.kind, ...where, changes: stateChanges(row.previous, row.state), time };
    default:
      return { type: row.kind, ...where, time };
  }
}

function stateChanges(previous: string | null, next: string | null): Partial<ConversationState> {
  const before = JSON.parse(previous ?? '{}') as Record<string, unknown>;
  const after = JSON.parse(next ?? '{}') as Record<string, unknown>;
  // SQLite's json_object writes comparisons as 0 and 1.
  const value = (key: string) => (key === 'pinnedMessageId' ? after[key] : after[key] === 1);
  return Object.fromEntries(
    Object.keys(after)
      .filter((key) => before[key] !== after[key])
      .map((key) => [key, value(key)]),
  );
}
