import { conversationCounts } from '../../store/conversation-counts.ts';
import {
  getConversation,
  listConversations,
  neighbourUnread,
} from '../../store/conversation-queries.ts';
import { suggestContacts } from '../../store/contact-queries.ts';
import { conversationInfo, sharedAttachments } from '../../store/conversation-info.ts';
import type { Database } from '../../store/database.ts';
import { currentId } from '../../outbox/id-replacement.ts';
import type { Handlers } from '../router.ts';

/**
 * The conversation list, its next unread, its counts, one conversation with
 * its info and attachments, and contacts to start one with.
 */
export function conversationReadHandlers(
  db: Database,
): Pick<
  Handlers,
  | 'conversations:list'
  | 'conversations:nextUnread'
  | 'conversations:counts'
  | 'conversations:get'
  | 'conversations:info'
  | 'conversations:attachments'
  | 'contacts:suggest'
> {
  return {
    'conversations:list': async (request) => listConversations(db, request),
    'conversations:nextUnread': async ({ fromId, step, ...scope }) =>
      neighbourUnread(db, scope, fromId === null ? null : currentId(db, fromId), step),
    'conversations:counts': async () => conversationCounts(db),
    'conversations:get': async ({ id }) => getConversation(db, currentId(db, id)),
    'conversations:info': async ({ id }) => conversationInfo(db, currentId(db, id)),
    'conversations:attachments': async ({ conversationId, ...request }) =>
      sharedAttachments(db, { ...request, conversationId: currentId(db, conversationId) }),
    'contacts:suggest': async ({ conversationId, ...request }) => ({
      items: suggestContacts(db, {
        ...request,
        ...(conversationId && { conversationId: currentId(db, conversationId) }),
      }),
    }),
  };
}
