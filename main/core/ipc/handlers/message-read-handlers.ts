import type { Database } from '../../store/database.ts';
import { pageMessages } from '../../store/message-queries.ts';
import { messageQuote } from '../../store/message-quote.ts';
import type { ReadRows } from '../../store/read-worker.ts';
import { searchMessages } from '../../store/search-queries.ts';
import { currentId } from '../../outbox/id-replacement.ts';
import { olderOnServer } from '../../sync/sync-progress.ts';
import type { Handlers } from '../router.ts';

export function messageReadHandlers(
  db: Database,
  read: ReadRows,
): Pick<Handlers, 'messages:page' | 'messages:quote' | 'messages:search'> {
  return {
    // A thread opened under a local id the server has just replaced reads on under the server's.
    'messages:page': async (request) => {
      const conversationId = currentId(db, request.conversationId);
      return {
        ...pageMessages(db, { ...request, conversationId }),
        olderOnServer: olderOnServer(db, conversationId),
      };
    },
    'messages:quote': async ({ conversationId, messageId }) =>
      messageQuote(db, currentId(db, conversationId), currentId(db, messageId)),
    'messages:search': (request) =>
      searchMessages(
        db,
        {
          ...request,
          ...(request.conversationId && { conversationId: currentId(db, request.conversationId) }),
        },
        read,
      ),
  };
}
