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

/** What the thread store asks `messages:page` for. */
export interface PageRequest {
  before?: string;
  after?: string;
  around?: string;
  limit: number;
}

/** The core's keyset paging over `thread` (oldest first), as `messages:page` answers it. */
export function keysetPage(thread: readonly MessageView[], request: PageRequest) {
  const { before, after, around, limit } = request;
  const at = (id: string) => thread.findIndex((m) => m.id === id);
  let start: number;
  if (before) start = Math.max(0, at(before) - limit);
  else if (after) start = at(after) + 1;
  else if (around) start = Math.max(0, at(around) - Math.floor((limit - 1) / 2));
  else start = Math.max(0, thread.length - limit);
  const end = before ? at(before) : Math.min(thread.length, start + limit);
  return {
    items: thread.slice(start, end),
    hasBefore: start > 0,
    hasAfter: end < thread.length,
    firstUnreadId: null,
    olderOnServer: false,
  };
}

/**
 * Stands in for the preload's bridge, for the thread store: conversation
 * `conversationId` with nothing pinned, and `messages:page` as `page`
 * answers it (it may wait, to land answers in a chosen order).
 */
export function bridgeAnswering(
  conversationId: string,
  page: (request: PageRequest) => Promise<unknown>,
): void {
  Object.assign(globalThis, {
    window: {
      parley: {
        async invoke(channel: string, request: PageRequest) {
          if (channel === 'conversations:get') {
            return {
              ok: true,
              value: { id: conversationId, pinnedMessageId: null, groupId: null },
            };
          }
          if (channel !== 'messages:page') return { ok: true, value: {} };
          return { ok: true, value: await page(request) };
        },
        onEvent: () => () => undefined,
      },
    },
  });
}
