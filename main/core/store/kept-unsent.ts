import { KEPT_UNSENT_LIMIT, type KeptUnsent } from '../../../shared/model/message.ts';
import { conversationTitle } from './conversation-summary.ts';
import { transaction, type Database } from './database.ts';
import { statement } from './statement-cache.ts';

const NO_TITLE = 'a conversation deleted elsewhere';

/**
 * Before a conversation deleted elsewhere goes, keeps what the user wrote in
 * it and the server never got: queued or failed sends (their links on lines
 * of their own, so nothing is lost in a copy) and the draft. Returns how many.
 */
export function keepUnsentOf(db: Database, conversationId: string): number {
  const conversation = statement(
    db,
    `SELECT c.id, c.local_name, c.contact_id, c.group_id, ct.username AS contact_username
     FROM conversations c LEFT JOIN contacts ct ON ct.id = c.contact_id WHERE c.id = ?`,
  ).get(conversationId) as Parameters<typeof conversationTitle>[0] | undefined;
  const title = conversation ? conversationTitle(conversation) : NO_TITLE;
  const sends = statement(
    db,
    `SELECT json_extract(payload, '$.text') AS text,
       (SELECT group_concat(json_extract(a.value, '$.url'), char(10))
        FROM json_each(payload, '$.attachments') a) AS links
     FROM outbox WHERE kind = 'send' AND conversation_id = ? ORDER BY id`,
  ).all(conversationId) as { text: string; links: string | null }[];
  const draft = statement(db, 'SELECT text FROM drafts WHERE conversation_id = ?').get(
    conversationId,
  ) as { text: string } | undefined;
  const texts = [
    ...sends.map(({ text, links }) => [text, links].filter(Boolean).join('\n')),
    ...(draft ? [draft.text] : []),
  ].filter((text) => text.trim() !== '');
  const insert = statement(
    db,
    'INSERT INTO kept_unsent (conversation_id, conversation_title, text) VALUES (?, ?, ?)',
  );
  for (const text of texts) insert.run(conversationId, title, text);
  dropOldestKept(db);
  return texts.length;
}

/** Beyond the limit the oldest kept texts go, so they cannot pile up without end. */
function dropOldestKept(db: Database): void {
  statement(
    db,
    `DELETE FROM kept_unsent
     WHERE id <= (SELECT id FROM kept_unsent ORDER BY id DESC LIMIT 1 OFFSET ?)`,
  ).run(KEPT_UNSENT_LIMIT);
}

/**
 * A draft saved for a conversation that is already gone (its deletion landed
 * while the text was on its way): kept with the others from that conversation.
 */
export function keepLateDraft(db: Database, conversationId: string, text: string): void {
  transaction(db, () => keepText(db, conversationId, text));
}

function keepText(db: Database, conversationId: string, text: string): void {
  const earlier = statement(
    db,
    'SELECT conversation_title FROM kept_unsent WHERE conversation_id = ? ORDER BY id DESC LIMIT 1',
  ).get(conversationId) as { conversation_title: string } | undefined;
  statement(
    db,
    'INSERT INTO kept_unsent (conversation_id, conversation_title, text) VALUES (?, ?, ?)',
  ).run(conversationId, earlier?.conversation_title ?? NO_TITLE, text);
  dropOldestKept(db);
}

export function listKeptUnsent(db: Database): KeptUnsent[] {
  const rows = statement(db, 'SELECT * FROM kept_unsent ORDER BY id').all() as {
    id: number;
    conversation_title: string;
    text: string;
    kept_at: number;
  }[];
  return rows.map((row) => ({
    id: row.id,
    conversationTitle: row.conversation_title,
    text: row.text,
    keptAt: row.kept_at,
  }));
}

export function dismissKeptUnsent(db: Database, id: number): boolean {
  return transaction(
    db,
    () => statement(db, 'DELETE FROM kept_unsent WHERE id = ?').run(id).changes > 0,
  );
}
