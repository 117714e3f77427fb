import type { SyncEngine } from '../../sync/sync-engine.ts';
import type { Handlers } from '../router.ts';

type WriteChannel =
  | 'messages:send'
  | 'messages:edit'
  | 'messages:react'
  | 'messages:delete'
  | 'conversations:create'
  | 'conversations:setPinned'
  | 'conversations:setMuted'
  | 'conversations:setArchived'
  | 'conversations:delete'
  | 'conversations:pinMessage'
  | 'orders:messageCustomer';

/** Every write goes through the outbox: applied locally at once, sent when it can be. */
export function writeHandlers(engine: SyncEngine): Pick<Handlers, WriteChannel> {
  const { writes } = engine;
  return {
    'messages:send': async ({ conversationId, text, attachments }) => ({
      messageId: writes.send({ conversationId, text, attachments }),
    }),
    'messages:edit': async ({ messageId, text }) => (writes.edit(messageId, text), {}),
    'messages:react': async ({ messageId, reaction, add }) => (
      writes.react(messageId, reaction, add),
      {}
    ),
    'messages:delete': async ({ messageId }) => (writes.deleteMessage(messageId), {}),
    'conversations:create': async (request) => ({
      conversationId: writes.openOrCreateConversation(
        request.contactId !== undefined
          ? { contactId: request.contactId }
          : { groupId: request.groupId as string },
      ),
    }),
    'conversations:setPinned': async ({ id, pinned }) => (writes.setPinned(id, pinned), {}),
    'conversations:setMuted': async ({ id, muted, forMs }) => (
      writes.setMuted(id, muted, forMs),
      {}
    ),
    'conversations:setArchived': async ({ id, archived }) => (writes.setArchived(id, archived), {}),
    'conversations:delete': async ({ id }) => (writes.deleteConversation(id), {}),
    'conversations:pinMessage': async ({ conversationId, messageId }) => (
      writes.pinMessage(conversationId, messageId),
      {}
    ),
    'orders:messageCustomer': async ({ customerId }) => ({
      conversationId: writes.openOrCreateConversation({ contactId: customerId }),
    }),
  };
}
