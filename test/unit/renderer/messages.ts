import type { ChangesEvent } from '../../../shared/ipc/events.ts';
import type { MessageView } from '../../../shared/model/message.ts';

/** A synced message as the core pages it; `at` in seconds keeps the tests readable. */
export function message(id: string, at: number, overrides: Partial<MessageView> = {}): MessageView {
  return {
    id,
    conversationId: 'conv_1',
    sender: { id: 'bob', username: 'Bob', avatarUrl: null },
    own: false,
    text: `text of ${id}`,
    reactions: [],
    attachments: [],
    createdAt: at * 1000,
    updatedAt: null,
    editedAt: null,
    readAt: null,
    receipt: null,
    state: 'synced',
    error: null,
    outboxId: null,
    ...overrides,
  };
}

/** The `changes` event a poll round sends when a conversation's thread changed, and nothing else. */
export function threadChanged(conversationId: string): ChangesEvent {
  return {
    type: 'changes',
    conversations: [],
    removedConversations: [],
    threads: [conversationId],
    removedMessages: [],
    replacedIds: [],
  };
}
