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
