import { expect, it } from 'vitest';
import { useThread } from '../../../renderer/stores/thread-store.ts';
import { bridgeAnswering, message, threadChanged } from './messages.ts';

/**
 * Two `changes` events in a row have the open thread refreshed twice. The
 * answers can land in either order (the preview's bridge is one HTTP request
 * each); the first one asked for holds the thread as it was before the
 * second event, so landing last it must not take back what the second
 * brought: a page with nothing after it is the truth up to the thread's end.
 */
const CONVERSATION = 'conv_1';
const thread = Array.from({ length: 30 }, (_, i) => message(`m${String(i).padStart(3, '0')}`, i));

/** The newest page of the thread as it stands when asked for. */
function newestPage(limit: number) {
  const items = thread.slice(-limit);
  return {
    items,
    hasBefore: thread.length > limit,
    hasAfter: false,
    firstUnreadId: null,
    olderOnServer: false,
  };
}

/** While set, the next refresh's answer (taken as the thread stood) waits for `release()`. */
let holdNext = false;
let release: () => void = () => undefined;

bridgeAnswering(CONVERSATION, async (request) => {
  const answer = newestPage(request.limit);
  if (holdNext) {
    holdNext = false;
    await new Promise<void>((done) => (release = done));
  }
  return answer;
});

const changed = threadChanged(CONVERSATION);

it('keeps a new message when an older refresh of the thread lands after a newer one', async () => {
  await useThread.getState().open(CONVERSATION);
  useThread.getState().watchViewport(() => ({ centerId: null, atBottom: true }));

  holdNext = true;
  const first = useThread.getState().applyChanges(changed);
  await new Promise((resolve) => setTimeout(resolve, 0));
  thread.push(message('m030', 30));
  await useThread.getState().applyChanges(changed);
  expect(useThread.getState().items.at(-1)?.id).toBe('m030');

  release();
  await first;
  expect(useThread.getState().items.at(-1)?.id).toBe('m030');
});
