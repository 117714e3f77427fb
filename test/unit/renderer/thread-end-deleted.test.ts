import { beforeEach, describe, expect, it } from 'vitest';
import { useThread } from '../../../renderer/stores/thread-store.ts';
import type { ChangesEvent } from '../../../shared/ipc/events.ts';
import { bridgeAnswering, keysetPage, message, threadChanged } from './messages.ts';

/**
 * The user scrolls to an end of the open thread and the next page is asked
 * for from the message at that end; meanwhile that very message is deleted
 * (here or elsewhere). The page still lands next to the window, and it is
 * shown: it used to be dropped, and the user, already at the end, saw the
 * loading row until they scrolled away and back.
 */
const CONVERSATION = 'conv_1';
let thread = Array.from({ length: 300 }, (_, i) => message(`m${String(i).padStart(3, '0')}`, i));

/** Which paging request is answered (as the thread stood when asked) only on `release()`. */
let holding: 'before' | 'after' | null = null;
let release: () => void = () => undefined;

bridgeAnswering(CONVERSATION, async (request) => {
  const answer = keysetPage(thread, request);
  if (holding && request[holding]) {
    holding = null;
    await new Promise<void>((done) => (release = done));
  }
  return answer;
});

/** Lets held requests reach the stand-in before the next step. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The message deleted on the server, and the `changes` event a poll round sends for it. */
function deleted(id: string): ChangesEvent {
  thread = thread.filter((m) => m.id !== id);
  return { ...threadChanged(CONVERSATION), threads: [], removedMessages: [id] };
}

/** The held window as `oldest..newest (count)`, and whether every message in between is there. */
function shown() {
  const { items } = useThread.getState();
  const from = thread.findIndex((m) => m.id === items[0]?.id);
  const contiguous = items.every((m, i) => m.id === thread[from + i]?.id);
  return `${items[0]?.id}..${items.at(-1)?.id} (${items.length}${contiguous ? '' : ', with gaps'})`;
}

describe('the message at the end being paged from is deleted while the page is on its way', () => {
  beforeEach(() => {
    useThread.getState().close();
    holding = null;
    thread = Array.from({ length: 300 }, (_, i) => message(`m${String(i).padStart(3, '0')}`, i));
    useThread.getState().watchViewport(() => ({ centerId: null, atBottom: true }));
  });

  it('scrolling up, shows the older page right above what is left', async () => {
    await useThread.getState().open(CONVERSATION);
    expect(shown()).toBe('m250..m299 (50)');
    useThread.getState().watchViewport(() => ({ centerId: 'm255', atBottom: false }));

    holding = 'before';
    const older = useThread.getState().loadOlder();
    await settle();
    await useThread.getState().applyChanges(deleted('m250'));
    release();
    await older;
    expect(shown()).toBe('m200..m299 (99)');
    expect(useThread.getState().loadingOlder).toBe(false);
  });

  it('scrolling down from a message jumped to, shows the newer page right below', async () => {
    await useThread.getState().open(CONVERSATION);
    await useThread.getState().jumpTo('m100');
    expect(shown()).toBe('m076..m125 (50)');

    holding = 'after';
    const newer = useThread.getState().loadNewer();
    await settle();
    await useThread.getState().applyChanges(deleted('m125'));
    release();
    await newer;
    expect(shown()).toBe('m076..m175 (99)');
    expect(useThread.getState().loadingNewer).toBe(false);
  });
});
