import type { MessagingApi } from '../api/messaging-api.ts';
import type { Logger } from '../ports/ports.ts';

export type Strategy = 'newest-first' | 'per-conversation';

/**
 * Newest first unless the server was seen listing oldest first. A server
 * whose pages so far all shared one timestamp (seconds resolution) has not
 * shown its order yet; the API client already reads its pages as newest
 * first, the common order, and the first page with two distinct times
 * settles it, switching the strategy at the next step if need be.
 */
export function createStrategyChooser(api: MessagingApi, log: Logger): () => Strategy {
  let strategy: Strategy | null = null;
  return () => {
    const listOrder = api.traits.listOrder;
    const chosen: Strategy = listOrder === 'oldest-first' ? 'per-conversation' : 'newest-first';
    if (chosen !== strategy) {
      log.info('sync strategy', {
        strategy: chosen,
        listOrder,
        why:
          chosen === 'per-conversation'
            ? 'the server lists messages oldest first: the conversation list, then the conversations with recent activity, are fetched one by one'
            : listOrder === 'unknown'
              ? 'no page has shown the list order yet (equal timestamps), so newest first, the common order, is assumed until one does; one message list request per round'
              : 'one message list request per round finds new messages in every conversation',
      });
      strategy = chosen;
    }
    return chosen;
  };
}
