import type { Database } from '../../store/database.ts';
import { pageMessages } from '../../store/message-queries.ts';
import { searchMessages } from '../../store/search-queries.ts';
import type { Handlers } from '../router.ts';

export function messageReadHandlers(
  db: Database,
): Pick<Handlers, 'messages:page' | 'messages:search'> {
  return {
    'messages:page': async (request) => pageMessages(db, request),
    'messages:search': async (request) => searchMessages(db, request),
  };
}
