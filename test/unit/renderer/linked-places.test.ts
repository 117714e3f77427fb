import { beforeEach, expect, it } from 'vitest';
import type { ChangesEvent } from '../../../shared/ipc/events.ts';
import type { MessageQuote } from '../../../shared/model/message.ts';
import { useLinkedPlaces } from '../../../renderer/stores/linked-places.ts';

/**
 * A link to a message shows the message as stored: read once however many
 * times it is shown, read again when a change touches its conversation or
 * deletes it, and never left showing an older read that answered last.
 */
let answers: { quote: MessageQuote | null; landed: Promise<void> }[] = [];
const asked: string[] = [];
Object.assign(globalThis, {
  window: {
    parley: {
      async invoke(channel: string) {
        asked.push(channel);
        const { quote, landed } = answers.shift()!;
        await landed;
        return { ok: true, value: quote };
      },
      onEvent: () => () => undefined,
    },
  },
});

const place = { conversationId: 'c_noah', messageId: 'm_ask' };
const quote = (excerpt: string): MessageQuote => ({
  conversationTitle: 'noah.berg',
  message: { senderName: 'noah.berg', own: false, excerpt, hasAttachments: false },
});
const shown = () => useLinkedPlaces.getState().views['c_noah/m_ask'];
const changes = (part: Partial<ChangesEvent>): ChangesEvent => ({
  type: 'changes',
  conversations: [],
  removedConversations: [],
  threads: [],
  removedMessages: [],
  replacedIds: [],
  ...part,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  useLinkedPlaces.getState().clear();
  answers = [];
  asked.length = 0;
});

it('reads a message once, and again only when a change touches it', async () => {
  answers = [{ quote: quote('3pm?'), landed: Promise.resolve() }];
  useLinkedPlaces.getState().want(place);
  useLinkedPlaces.getState().want(place);
  await settle();
  expect(asked).toEqual(['messages:quote']);
  expect(shown()?.message?.excerpt).toBe('3pm?');

  useLinkedPlaces.getState().applyChanges(changes({ threads: ['c_other'] }));
  expect(asked).toHaveLength(1);

  answers = [{ quote: quote('4pm?'), landed: Promise.resolve() }];
  useLinkedPlaces.getState().applyChanges(changes({ threads: ['c_noah'] }));
  await settle();
  expect(shown()?.message?.excerpt).toBe('4pm?');

  answers = [
    {
      quote: { conversationTitle: 'noah.berg', message: null },
      landed: Promise.resolve(),
    },
  ];
  useLinkedPlaces.getState().applyChanges(changes({ removedMessages: ['m_ask'] }));
  await settle();
  expect(shown()).toEqual({ conversationTitle: 'noah.berg', message: null });
});

it('shows the latest read when an earlier one answers after it', async () => {
  let release = () => {};
  answers = [
    {
      quote: quote('before the edit'),
      landed: new Promise((done) => (release = done)),
    },
    { quote: quote('after the edit'), landed: Promise.resolve() },
  ];
  useLinkedPlaces.getState().want(place);
  useLinkedPlaces.getState().applyChanges(changes({ threads: ['c_noah'] }));
  await settle();
  expect(shown()?.message?.excerpt).toBe('after the edit');
  release();
  await settle();
  expect(shown()?.message?.excerpt).toBe('after the edit');
});

it('drops what was read for the account signed out of, even a read still under way', async () => {
  let release = () => {};
  answers = [
    {
      quote: quote('3pm?'),
      landed: new Promise((done) => (release = done)),
    },
  ];
  useLinkedPlaces.getState().want(place);
  useLinkedPlaces.getState().clear();
  release();
  await settle();
  expect(shown()).toBeUndefined();
});
