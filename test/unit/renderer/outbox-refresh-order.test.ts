import { expect, it } from 'vitest';
import type { OutboxEntryView } from '../../../shared/model/outbox.ts';
import { useOutbox } from '../../../renderer/stores/outbox-store.ts';

/**
 * The outbox list is read again whenever the footer's counts move: a new
 * conversation's start is pending, then refused. Each read is two round
 * trips (the writes, then their conversations' titles), so under load the
 * first can land after the second; the refusal must stay on screen, with
 * the conversation's way out.
 */
const creation = (state: OutboxEntryView['state']): OutboxEntryView => ({
  id: 1,
  kind: 'create-conversation',
  conversationId: 'local_started',
  messageId: null,
  state,
  attempts: 1,
  error: state === 'failed' ? 'The server has no contact “nobody-here”.' : null,
  createdAt: 1_795_000_000_000,
  nextAttemptAt: null,
  summary: 'Start a conversation with nobody-here',
});

let answers: { entry: OutboxEntryView; titled: Promise<void> }[] = [];
Object.assign(globalThis, {
  window: {
    parley: {
      async invoke(channel: string) {
        if (channel === 'outbox:list') {
          const { entry } = answers[0]!;
          return { ok: true, value: { items: [entry] } };
        }
        const { titled } = answers.shift()!;
        await titled;
        return { ok: true, value: { id: 'local_started', title: 'nobody-here' } };
      },
      onEvent: () => () => undefined,
    },
  },
});

it('keeps a refused start on screen when the read from before the refusal lands last', async () => {
  let release = () => {};
  answers = [
    { entry: creation('pending'), titled: new Promise((done) => (release = done)) },
    { entry: creation('failed'), titled: Promise.resolve() },
  ];
  const before = useOutbox.getState().refresh();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await useOutbox.getState().refresh();
  expect(useOutbox.getState().entries.map((entry) => entry.state)).toEqual(['failed']);

  release();
  await before;
  expect(useOutbox.getState().entries.map((entry) => entry.state)).toEqual(['failed']);
  expect(useOutbox.getState().titles).toEqual({ local_started: 'nobody-here' });
});
