import type { EngineSlot } from '../../engine/engine-slot.ts';
import type { Handlers } from '../router.ts';

type WriteChannel =
  | 'messages:send'
  | 'messages:edit'
  | 'messages:react'
  | 'messages:delete'
  | 'conversations:create'
  | 'conversations:retarget'
  | 'conversations:setPinned'
  | 'conversations:setMuted'
  | 'conversations:setArchived'
  | 'conversations:delete'
  | 'conversations:pinMessage'
  | 'orders:messageCustomer';

/** Every write goes through the outbox: applied locally at once, sent when it can be. */
export function writeHandlers(engines: EngineSlot): Pick<Handlers, WriteChannel> {
  const writes = async () => (await engines.current()).writes;
  return {
    'messages:send': async ({ conversationId, text, attachments }) => ({
      messageId: (await writes()).send({ conversationId, text, attachments }),
    }),
    'messages:edit': async ({ messageId, text }) => (
      await (await writes()).edit(messageId, text),
      {}
    ),
    'messages:react': async ({ messageId, reaction, add }) => (
      await (await writes()).react(messageId, reaction, add),
      {}
    ),
    'messages:delete': async ({ messageId }) => (
      await (await writes()).deleteMessage(messageId),
      {}
    ),
    'conversations:create': async (request) => ({
      conversationId: (await writes()).openOrCreateConversation(
        request.contactId !== undefined
          ? { contactId: request.contactId }
          : { groupId: request.groupId as string },
      ),
    }),
    'conversations:retarget': async ({ id, contactId, groupId }) => ({
      conversationId: (await writes()).retargetConversation(
        id,
        contactId !== undefined ? { contactId } : { groupId: groupId as string },
      ),
    }),
    'conversations:setPinned': async ({ id, pinned }) => (
      (await writes()).setPinned(id, pinned),
      {}
    ),
    'conversations:setMuted': async ({ id, muted, forMs }) => (
      (await writes()).setMuted(id, muted, forMs),
      {}
    ),
    'conversations:setArchived': async ({ id, archived }) => (
      (await writes()).setArchived(id, archived),
      {}
    ),
    'conversations:delete': async ({ id }) => ((await writes()).deleteConversation(id), {}),
    'conversations:pinMessage': async ({ conversationId, messageId }) => (
      await (await writes()).pinMessage(conversationId, messageId),
      {}
    ),
    'orders:messageCustomer': async ({ customerId }) => ({
      conversationId: (await writes()).openOrCreateConversation({ contactId: customerId }),
    }),
  };
}
