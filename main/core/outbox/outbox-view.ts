import type { OutboxEntryView } from '../../../shared/model/outbox.ts';
import type { Database } from '../store/database.ts';
import { allEntries, parseEntry, type OutboxEntry } from '../store/outbox-entries.ts';

const MESSAGE_KINDS = new Set([
  'send',
  'edit',
  'react',
  'attachments',
  'delete-message',
  'pin-message',
]);

/** The outbox as the user sees it: one line per queued change. */
export function listOutbox(db: Database): OutboxEntryView[] {
  return allEntries(db).map((row) => {
    const entry = parseEntry(row);
    return {
      id: row.id,
      kind: entry?.kind ?? 'send',
      conversationId: row.conversation_id,
      messageId: entry && MESSAGE_KINDS.has(entry.kind) ? row.target_id : null,
      state: row.state,
      attempts: row.attempts,
      error: row.error,
      createdAt: row.created_at,
      nextAttemptAt:
        row.state === 'pending' && row.next_attempt_at > 0 ? row.next_attempt_at : null,
      summary: entry ? summarize(entry) : 'A change that can no longer be read',
    };
  });
}

function summarize(entry: OutboxEntry): string {
  switch (entry.kind) {
    case 'send':
      return `Send “${preview(entry.payload.text)}”`;
    case 'edit':
      return `Edit a message to “${preview(entry.payload.text)}”`;
    case 'react':
      return `${entry.payload.add ? 'Add' : 'Remove'} reaction “${entry.payload.reaction}”`;
    case 'attachments':
      return 'Change the attachments of a message';
    case 'delete-message':
      return 'Delete a message';
    case 'pin-message':
      return entry.targetId === null ? 'Unpin the pinned message' : 'Pin a message';
    case 'pin':
      return entry.payload.pinned ? 'Pin the conversation' : 'Unpin the conversation';
    case 'mute':
      return entry.payload.muted ? 'Mute the conversation' : 'Unmute the conversation';
    case 'archive':
      return 'Archive the conversation';
    case 'unarchive':
      return 'Restore the conversation from the archive';
    case 'create-conversation':
      return 'contactId' in entry.payload
        ? `Start a conversation with contact ${entry.payload.contactId}`
        : `Start a conversation in group ${entry.payload.groupId}`;
    case 'delete-conversation':
      return 'Delete the conversation';
  }
}

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
