import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editingIn, useEdits } from '../../../renderer/stores/edit-store.ts';

/**
 * An edit open in the composer is saved by the core as a draft is, so Quit
 * does not take the words with it; the stored one comes back on opening the
 * conversation, unless an edit was begun or ended there since.
 */
const saved: { conversationId: string; edit: { messageId: string; text: string } | null }[] = [];
let stored: { messageId: string; text: string } | null = null;
let answerLoad: () => void = () => undefined;

Object.assign(globalThis, {
  window: {
    parley: {
      async invoke(channel: string, request: (typeof saved)[number]) {
        if (channel === 'edits:set') saved.push(request);
        if (channel === 'edits:get') await new Promise<void>((resolve) => (answerLoad = resolve));
        return { ok: true, value: channel === 'edits:get' ? stored : {} };
      },
      onEvent: () => () => undefined,
    },
  },
});

const edits = () => useEdits.getState();

describe('an edit kept by the core', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    saved.length = 0;
    stored = null;
  });
  afterEach(() => vi.useRealTimers());

  it('is saved once typing pauses, once for a burst of keys, and at once when flushed', () => {
    edits().set('c1', { id: 'm1', text: 'h' });
    edits().set('c1', { id: 'm1', text: 'he' });
    edits().set('c1', { id: 'm1', text: 'hey' });
    expect(saved).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(saved).toEqual([{ conversationId: 'c1', edit: { messageId: 'm1', text: 'hey' } }]);

    edits().set('c1', null);
    edits().flushAll();
    expect(saved.at(-1)).toEqual({ conversationId: 'c1', edit: null });
  });

  it('comes back on opening the conversation', async () => {
    stored = { messageId: 'm2', text: 'see you at 6, not 5' };
    const loading = edits().load('c2');
    answerLoad();
    await loading;
    expect(editingIn('c2')(edits())).toEqual({ id: 'm2', text: 'see you at 6, not 5' });
  });

  it('does not come back over an edit ended while it was being read', async () => {
    stored = { messageId: 'm3', text: 'old words' };
    const loading = edits().load('c3');
    edits().set('c3', null);
    answerLoad();
    await loading;
    expect(editingIn('c3')(edits())).toBeNull();
  });

  it('is saved under the server’s id of a conversation confirmed before the pause', () => {
    edits().set('local_c', { id: 'local_m', text: 'helo' });
    edits().followReplacedIds([
      { from: 'local_c', to: 'c_server' },
      { from: 'local_m', to: 'm_server' },
    ]);
    vi.advanceTimersByTime(500);
    // The message's id as it was typed against: the core's id map takes it on to the server's.
    expect(saved).toEqual([
      { conversationId: 'c_server', edit: { messageId: 'local_m', text: 'helo' } },
    ]);
  });
});
