import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDrafts } from '../../../renderer/stores/draft-store.ts';

/**
 * A conversation the user has just started has a local id until the server
 * confirms it; the thread then goes on under the server's id. What was typed
 * meanwhile must go on with it: a composer that showed the server id's
 * draft empty until it was read back lost an Enter pressed in between, and
 * any key typed then replaced the text.
 */
const LOCAL = 'local_started';
const SERVER = 'c_confirmed';
const saved: { conversationId: string; text: string }[] = [];

Object.assign(globalThis, {
  window: {
    parley: {
      async invoke(channel: string, request: { conversationId: string; text: string }) {
        if (channel === 'drafts:set') saved.push(request);
        return { ok: true, value: { text: '', kept: false } };
      },
      onEvent: () => () => undefined,
    },
  },
});

describe('a draft typed in a conversation the server then confirms', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    saved.length = 0;
    useDrafts.setState({ drafts: {}, replaced: {} });
  });
  afterEach(() => vi.useRealTimers());

  it('goes on under the server id at once, and is saved there, never emptied', async () => {
    useDrafts.getState().setDraft(LOCAL, 'are you there?');
    useDrafts.getState().followReplacedIds([{ from: LOCAL, to: SERVER }]);
    expect(useDrafts.getState().drafts).toEqual({ [SERVER]: 'are you there?' });

    // The composer of the local id goes away and flushes it: nothing is left to save there.
    useDrafts.getState().flush(LOCAL);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(saved).toEqual([{ conversationId: SERVER, text: 'are you there?' }]);
  });

  it('leaves a draft the server id already has, and drafts of other conversations, as they are', () => {
    useDrafts.setState({
      drafts: { [LOCAL]: 'typed here', [SERVER]: 'typed there', c_other: 'x' },
    });
    useDrafts.getState().followReplacedIds([{ from: LOCAL, to: SERVER }]);
    expect(useDrafts.getState().drafts).toEqual({
      [LOCAL]: 'typed here',
      [SERVER]: 'typed there',
      c_other: 'x',
    });
  });

  it('put back under the local id after the confirmation (a send refused just then), goes to the server id', async () => {
    // Sending emptied it; the confirmation came while the send was on its way.
    useDrafts.getState().setDraft(LOCAL, '');
    useDrafts.getState().followReplacedIds([{ from: LOCAL, to: SERVER }]);
    useDrafts.getState().setDraft(LOCAL, 'the text of the refused send');
    expect(useDrafts.getState().drafts).toEqual({ [SERVER]: 'the text of the refused send' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(saved.at(-1)).toEqual({ conversationId: SERVER, text: 'the text of the refused send' });
  });
});
