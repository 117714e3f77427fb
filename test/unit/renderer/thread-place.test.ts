import { beforeEach, describe, expect, it } from 'vitest';
import { useThread } from '../../../renderer/stores/thread-store.ts';
import { bridgeAnswering, keysetPage, message } from './messages.ts';

/**
 * A thread left while read back through opens again at the message that was
 * in the middle of the screen, read from the list as the thread is left.
 */
const CONVERSATION = 'conv_1';
const thread = Array.from({ length: 300 }, (_, i) => message(`m${String(i).padStart(3, '0')}`, i));

bridgeAnswering(CONVERSATION, (request) => Promise.resolve(keysetPage(thread, request)));

/** The list's view, as the message list would report it when asked. */
let onScreen = { centerId: null as string | null, atBottom: true };

/** Where the thread opens: at its end, or centred on a message. */
function opensAt() {
  const target = useThread.getState().scrollTarget;
  return target?.kind === 'message' ? target.id : target?.kind;
}

/** Opens the thread, leaves it showing `view`, and opens it again. */
async function leaveAndReopen(view: typeof onScreen) {
  await useThread.getState().open(CONVERSATION);
  onScreen = view;
  useThread.getState().close();
  await useThread.getState().open(CONVERSATION);
}

describe('the place a thread is left at', () => {
  beforeEach(() => {
    onScreen = { centerId: null, atBottom: true };
    useThread.getState().watchViewport(() => onScreen);
    useThread.getState().close();
  });

  it('is the message in the middle of the screen as the thread is left, and it opens there', async () => {
    await leaveAndReopen({ centerId: 'm262', atBottom: false });
    expect(opensAt()).toBe('m262');
    expect(useThread.getState().items.map((m) => m.id)).toContain('m262');
  });

  it('is none when the thread is left at its end', async () => {
    await leaveAndReopen({ centerId: 'm295', atBottom: true });
    expect(opensAt()).toBe('bottom');
  });
});
