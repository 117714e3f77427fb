import type { MessageQuote } from '../../../shared/model/message.ts';
import { previewWords } from '../../../shared/model/message-format.ts';
import { attachmentViews } from './attachment-views.ts';
import { getConversation } from './conversation-queries.ts';
import type { Database } from './database.ts';
import { clipForDisplay } from './display-text.ts';
import { readSelf } from './self-identity.ts';
import { statement } from './statement-cache.ts';

/** Enough of a message's text to find its own words after a quote (see conversation-summary.ts). */
const QUOTE_SOURCE_LENGTH = 2_000;
/** A link shows one line of the message: longer is clipped here, and by the line's width on screen. */
const EXCERPT_LENGTH = 120;

/**
 * What a link to a message shows of it: read from what is stored, never asked
 * of the server, so a link in a message costs one local read. Null when the
 * conversation is not here; `message` null when the message is not.
 */
export function messageQuote(
  db: Database,
  conversationId: string,
  messageId: string,
): MessageQuote | null {
  const conversation = getConversation(db, conversationId);
  if (conversation === null) return null;
  const row = statement(
    db,
    `SELECT substr(m.text, 1, ${QUOTE_SOURCE_LENGTH}) AS text, m.own, m.sender_id AS senderId,
       m.attachments, s.username
     FROM messages m LEFT JOIN contacts s ON s.id = m.sender_id
     WHERE m.id = ? AND m.conversation_id = ?`,
  ).get(messageId, conversationId) as
    | { text: string; own: number; senderId: string; attachments: string; username: string | null }
    | undefined;
  return {
    conversationTitle: conversation.title,
    message:
      row === undefined
        ? null
        : {
            senderName: clipForDisplay(
              row.username ?? (row.own === 1 ? readSelf(db)?.username : null) ?? row.senderId,
            ),
            own: row.own === 1,
            excerpt: clipForDisplay(
              previewWords(row.text).replace(/\s+/g, ' ').trim(),
              EXCERPT_LENGTH,
            ),
            hasAttachments: attachmentViews(row.attachments).length > 0,
          },
  };
}
