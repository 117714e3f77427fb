import { beforeEach, describe, expect, it } from 'vitest';
import { useThread } from '../../../renderer/stores/thread-store.ts';
import {
  bridgeAnswering,
  keysetPage,
  message,
  threadChanged,
  type PageRequest,
} from './messages.ts';

/**
 * A poll round's `changes` event has the open thread refreshed while the user
 * scrolls to the top for the first older page. However the refresh's answer
 * falls around that page's, scrolling up once must show the page right
 * before the messages the user was reading, and that page must stay: a
 * refresh that grew the window at its top itself put the user 50 messages
 * further up than they scrolled (the e2e's flake: message 1400 on screen
 * instead of 1450), or made the older page no longer adjoin and dropped it.
 */
const CONVERSATION = 'conv_1';
const THREAD = Array.from({ length: 300 }, (_, i) => message(`m${String(i).padStart(3, '0')}`, i));

/** The kind of answer held back until `release()`, to land the answers in a chosen order. */
let holding: 'refresh' | 'older' | null = null;
let release: () => void = () => undefined;

function kindOf(request: PageRequest) {
  if (request.before) return 'older';
  if (!request.after && request.limit > 50) return 'refresh';
  return null;
}

bridgeAnswering(CONVERSATION, async (request) => {
  if (holding && kindOf(request) === holding) {
    await new Promise<void>((done) => (release = done));
  }
  return keysetPage(THREAD, request);
});

const changed = threadChanged(CONVERSATION);

/** Lets held requests reach the stand-in before the next step. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The held window as `oldest..newest (count)`, every message in between present. */
function shown() {
  const { items } = useThread.getState();
  const from = THREAD.findIndex((m) => m.id === items[0]?.id);
  const contiguous = items.every((m, i) => m.id === THREAD[from + i]?.id);
  return `${items[0]?.id}..${items.at(-1)?.id} (${items.length}${contiguous ? '' : ', with gaps'})`;
}
const range = (from: number, to: number) =>
  `${THREAD[from]?.id}..${THREAD[to - 1]?.id} (${to - from})`;

/** The thread opened at its newest page, then the user scrolled to its top. */
async function openAndScrollToTop() {
  await useThread.getState().open(CONVERSATION);
  expect(shown()).toEqual(range(250, 300));
  useThread.getState().watchViewport(() => ({ centerId: 'm255', atBottom: false }));
}

describe('a refresh of the open thread around the first older page', () => {
  beforeEach(() => {
    // Left at its end, so the next open starts at the newest page, not where the last test read.
    useThread.getState().watchViewport(() => ({ centerId: null, atBottom: true }));
    useThread.getState().close();
    holding = null;
  });

  it('landing before the scroll to the top, leaves the older page to the scroll', async () => {
    await useThread.getState().open(CONVERSATION);
    await useThread.getState().applyChanges(changed);
    expect(shown()).toEqual(range(250, 300));

    await useThread.getState().loadOlder();
    expect(shown()).toEqual(range(200, 300));
  });

  it('landing while the older page is on its way, keeps that page', async () => {
    await openAndScrollToTop();
    holding = 'older';
    const older = useThread.getState().loadOlder();
    await settle();
    await useThread.getState().applyChanges(changed);
    release();
    await older;
    expect(shown()).toEqual(range(200, 300));
  });

  it('asked for before the older page and landing after it, keeps the page', async () => {
    await openAndScrollToTop();
    holding = 'refresh';
    const refresh = useThread.getState().applyChanges(changed);
    await settle();
    await useThread.getState().loadOlder();
    release();
    await refresh;
    expect(shown()).toEqual(range(200, 300));
  });
});
