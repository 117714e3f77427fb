import { createConversationStore } from './conversations.ts';
import type { SandboxDatabase } from './database.ts';
import { createDirectory } from './directory.ts';
import { newId } from './ids.ts';
import { createMessageStore, type MessageRow } from './messages.ts';

export interface OutgoingMessage {
  senderId: string;
  conversationId: string;
  body: string;
  /** JSON, as stored */
  reactions?: string;
  attachments?: string;
  readAt?: number | null;
  /** Unix seconds */
  at: number;
}

/** The stores of one sandbox database, and sending, which touches all of them. */
export function createWorkspace(database: SandboxDatabase) {
  const directory = createDirectory(database);
  const conversations = createConversationStore(database, (thread) =>
    thread.group_id === null
      ? [thread.contact_a, thread.contact_b].filter((id): id is string => id !== null)
      : directory.groupMembers(thread.group_id),
  );
  const messages = createMessageStore(database);

  /**
   * Delivers a message to every participant of the conversation, opening their
   * side of it first if they have none (or deleted theirs). Returns the
   * sender's copy, or null when the sender is no longer a participant.
   */
  const send = (outgoing: OutgoingMessage): MessageRow | null =>
    database.transaction(() => {
      const recipients = conversations.recipients(outgoing.conversationId);
      const thread = conversations.threadOf(outgoing.conversationId);
      if (!thread || !recipients.includes(outgoing.senderId)) return null;
      for (const owner of recipients) conversations.join(owner, thread, outgoing.at);
      // Seeded history is sent "in the past": its ids must sort with its timestamps.
      const idTimeMs = Math.min(Date.now(), outgoing.at * 1000 + 999);
      const id = newId('msg', idTimeMs);
      messages.deliver(
        {
          id,
          conversationId: outgoing.conversationId,
          senderId: outgoing.senderId,
          body: outgoing.body,
          reactions: outgoing.reactions ?? '{}',
          attachments: outgoing.attachments ?? '[]',
          readAt: outgoing.readAt ?? null,
          createdAt: outgoing.at,
        },
        recipients,
      );
      conversations.touch(outgoing.conversationId, outgoing.at);
      directory.touchContact(outgoing.senderId, outgoing.at);
      return messages.get(outgoing.senderId, id);
    });

  return { database, directory, conversations, messages, send };
}

export type Workspace = ReturnType<typeof createWorkspace>;
