import { beforeEach, expect, it } from 'vitest';
import type { MessageView } from '../../../shared/model/message.ts';
import { useThread } from '../../../renderer/stores/thread-store.ts';
import { message } from './messages.ts';

/**
 * A thread whose older history is still on the server: the window says there
 * is more before it, and scrolling there asks the core to fetch the next
 * older page from the server, then shows it.
 */
const CONVERSATION = 'conv_1';
const SERVER = Array.from({ length: 260 }, (_, i) => message(`m${String(i).padStart(3, '0')}`, i));
/** How many of the newest the core has stored; fetching older moves this down by a page. */
let storedFrom = 0;
let fetches = 0;

function page(request: { before?: string; limit: number }) {
  const stored = SERVER.slice(storedFrom);
  const end = request.before ? stored.findIndex((m) => m.id === request.before) : stored.length;
  const items = stored.slice(Math.max(0, end - request.limit), end);
  return {
    items,
    hasBefore: end - request.limit > 0,
    hasAfter: end < stored.length,
    firstUnreadId: null,
    olderOnServer: storedFrom > 0,
  };
}

Object.assign(globalThis, {
  window: {
    parley: {
      async invoke(channel: string, request: Parameters<typeof page>[0]) {
        if (channel === 'conversations:get') {
          return { ok: true, value: { id: CONVERSATION, pinnedMessageId: null, groupId: null } };
        }
        if (channel === 'messages:fetchOlder') {
          fetches += 1;
          storedFrom = Math.max(0, storedFrom - 100);
          return { ok: true, value: { olderOnServer: storedFrom > 0 } };
        }
        if (channel !== 'messages:page') return { ok: true, value: {} };
        return { ok: true, value: page(request) };
      },
      onEvent: () => () => undefined,
    },
  },
});

beforeEach(() => {
  storedFrom = SERVER.length - 60;
  fetches = 0;
  useThread.getState().close();
});

const oldestShown = () => useThread.getState().items[0]?.id;
const ids = (items: MessageView[]) => items.map((m) => m.id);

it('asks the server for older pages once the stored ones run out, and shows them', async () => {
  await useThread.getState().open(CONVERSATION);
  expect(useThread.getState()).toMatchObject({ hasBefore: true });
  expect(oldestShown()).toBe('m210');

  await useThread.getState().loadOlder();
  expect(oldestShown()).toBe('m200');
  expect(fetches).toBe(0);

  await useThread.getState().loadOlder();
  expect(fetches).toBe(1);
  expect(oldestShown()).toBe('m150');
  expect(useThread.getState().hasBefore).toBe(true);

  for (let i = 0; i < 5 && useThread.getState().hasBefore; i++) {
    await useThread.getState().loadOlder();
  }
  expect(oldestShown()).toBe('m000');
  expect(useThread.getState().hasBefore).toBe(false);
  expect(fetches).toBe(2);
  const shown = ids(useThread.getState().items);
  expect(new Set(shown).size).toBe(shown.length);
});

it('says nothing more is before a thread whose history is all stored', async () => {
  storedFrom = 0;
  await useThread.getState().open(CONVERSATION);
  expect(useThread.getState().hasBefore).toBe(true);
  for (let i = 0; i < 10 && useThread.getState().hasBefore; i++) {
    await useThread.getState().loadOlder();
  }
  expect(oldestShown()).toBe('m000');
  expect(fetches).toBe(0);
});
