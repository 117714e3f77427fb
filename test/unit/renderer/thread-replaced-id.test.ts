import { beforeEach, describe, expect, it } from 'vitest';
import type { ChangesEvent } from '../../../shared/ipc/events.ts';
import { useThread } from '../../../renderer/stores/thread-store.ts';

/**
 * A conversation the user has just started opens under its local id; the
 * server's confirmation replaces that id, before the thread's first read or
 * while it is under way. Either way the thread must end up under the
 * server's id, or the messages the user sends there never show.
 */
const LOCAL = 'local_started';
const SERVER = 'c_confirmed';
let confirmedBeforeRead = false;
let releaseRead: () => void = () => undefined;

function conversation(id: string) {
  return { id, title: 'bob', pinnedMessageId: null, groupId: null };
}

Object.assign(globalThis, {
  window: {
    parley: {
      async invoke(channel: string, request: { id?: string }) {
        if (channel === 'conversations:get') {
          const asked = request.id === LOCAL && confirmedBeforeRead ? SERVER : request.id!;
          if (asked === LOCAL) await new Promise<void>((done) => (releaseRead = done));
          return { ok: true, value: conversation(asked) };
        }
        if (channel === 'messages:page') {
          const value = { items: [], hasBefore: false, hasAfter: false, firstUnreadId: null };
          return { ok: true, value };
        }
        return { ok: true, value: {} };
      },
      onEvent: () => () => undefined,
    },
  },
});

const confirmation: ChangesEvent = {
  type: 'changes',
  conversations: [SERVER],
  removedConversations: [],
  threads: [],
  removedMessages: [],
  replacedIds: [{ from: LOCAL, to: SERVER }],
};

describe('a conversation confirmed by the server while its thread opens', () => {
  beforeEach(() => {
    useThread.getState().close();
    confirmedBeforeRead = false;
  });

  it('reads on under the server id the core answers with when confirmed before the read', async () => {
    confirmedBeforeRead = true;
    await useThread.getState().open(LOCAL);
    expect(useThread.getState()).toMatchObject({ conversationId: SERVER, status: 'ready' });
  });

  it('keeps the server id the confirmation moved it to while the read was under way', async () => {
    const opening = useThread.getState().open(LOCAL);
    await useThread.getState().applyChanges(confirmation);
    releaseRead();
    await opening;
    expect(useThread.getState()).toMatchObject({
      conversationId: SERVER,
      conversation: { id: SERVER },
      status: 'ready',
    });
  });
});
