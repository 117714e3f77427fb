import { beforeEach, describe, expect, it } from 'vitest';
import type { MessageView } from '../../../shared/model/message.ts';
import { useThread } from '../../../renderer/stores/thread-store.ts';
import { message } from './messages.ts';

/**
 * The "new messages" pill counts what arrived after the newest message the
 * user saw at the end of the thread, also when the window held in the
 * renderer no longer reaches the end (scrolled several pages up).
 */
const CONVERSATION = 'conv_1';
let thread: MessageView[] = [];

/** A core that answers the two reads the thread store makes, over `thread`. */
function page(request: { after?: string; around?: string; before?: string; limit: number }) {
  let from = thread.length - request.limit;
  if (request.after) from = thread.findIndex((m) => m.id === request.after) + 1;
  if (request.after && from === 0) return { error: 'not-found' };
  const items = thread.slice(Math.max(0, from), Math.max(0, from) + request.limit);
  const first = thread.indexOf(items[0]!);
  return {
    items,
    hasBefore: first > 0,
    hasAfter: first + items.length < thread.length,
    firstUnreadId: null,
  };
}

Object.assign(globalThis, {
  window: {
    parley: {
      async invoke(channel: string, request: Parameters<typeof page>[0]) {
        if (channel === 'conversations:get') {
          return { ok: true, value: { id: CONVERSATION, pinnedMessageId: null, groupId: null } };
        }
        if (channel !== 'messages:page') return { ok: true, value: {} };
        const answer = page(request);
        return 'error' in answer
          ? { ok: false, error: { code: 'not-found', message: 'no such message', field: null } }
          : { ok: true, value: answer };
      },
      onEvent: () => () => undefined,
    },
  },
});

const changed = {
  type: 'changes' as const,
  conversations: [],
  removedConversations: [],
  threads: [CONVERSATION],
  removedMessages: [],
  replacedIds: [],
};

const arrive = (from: number, count: number, own = false) => {
  for (let i = from; i < from + count; i++) thread.push(message(`m${1000 + i}`, i, { own }));
};

describe('new messages while the user reads further up', () => {
  beforeEach(async () => {
    thread = [];
    arrive(0, 400);
    useThread.getState().close();
    await useThread.getState().open(CONVERSATION);
    useThread.getState().watchViewport(() => ({ centerId: null, atBottom: true }));
    useThread.getState().seenToEnd();
  });

  it('counts messages from others that arrive beyond the loaded window', async () => {
    // Scrolled far up: the held window ends well before the newest message.
    useThread.setState({ items: thread.slice(100, 150), hasBefore: true, hasAfter: true });
    useThread.getState().watchViewport(() => ({ centerId: 'm1125', atBottom: false }));

    arrive(400, 3);
    arrive(403, 1, true);
    await useThread.getState().applyChanges(changed);
    expect(useThread.getState().unseenNew).toBe(3);

    arrive(404, 2);
    await useThread.getState().applyChanges(changed);
    expect(useThread.getState().unseenNew).toBe(5);
  });

  it('counts them inside the window too, and clears once the user is back at the end', async () => {
    useThread.getState().watchViewport(() => ({ centerId: 'm1380', atBottom: false }));
    arrive(400, 2);
    await useThread.getState().applyChanges(changed);
    expect(useThread.getState().unseenNew).toBe(2);

    useThread.getState().watchViewport(() => ({ centerId: 'm1380', atBottom: true }));
    useThread.getState().seenToEnd();
    expect(useThread.getState().unseenNew).toBe(0);
    arrive(402, 1);
    await useThread.getState().applyChanges(changed);
    expect(useThread.getState().unseenNew).toBe(0);
  });
});
