import { describe, expect, it } from 'vitest';
import { line } from '../../../main/cli/watch.ts';

const at = new Date(2026, 4, 2, 12, 4, 30);
const message = {
  conversationId: 'conv_1',
  conversation: 'design-team',
  group: true,
  messageId: 'msg_1',
  senderId: 'ava.kim',
  sender: 'ava.kim',
  text: 'Can we move the call to 3pm?',
  attachments: [] as string[],
  time: at.toISOString(),
};

describe('the readable line of watch', () => {
  it('says who wrote what where, at the local time', () => {
    expect(line({ type: 'message.created', ...message })).toBe(
      '12:04 ava.kim in design-team: Can we move the call to 3pm?',
    );
    expect(line({ type: 'message.edited', ...message, text: 'Make it 4pm' })).toBe(
      '12:04 ava.kim in design-team (edited): Make it 4pm',
    );
    expect(line({ type: 'message.deleted', ...message })).toBe(
      '12:04 ava.kim in design-team (deleted): Can we move the call to 3pm?',
    );
  });

  it('names a conversation with one contact once, and shows attachments and new lines', () => {
    const direct = { ...message, group: false, conversation: 'ava.kim' };
    expect(line({ type: 'message.created', ...direct, text: 'one\n\ntwo' })).toBe(
      '12:04 ava.kim: one ⏎ two',
    );
    expect(
      line({
        type: 'message.created',
        ...direct,
        sender: 'you',
        text: ' ',
        attachments: ['plan.pdf', 'photo.jpg'],
      }),
    ).toBe('12:04 you to ava.kim: [plan.pdf] [photo.jpg]');
  });

  it('lists state changes in words', () => {
    const where = { conversationId: 'conv_1', conversation: 'design-team', group: true };
    expect(
      line({
        type: 'conversation.updated',
        ...where,
        time: at.toISOString(),
        changes: { muted: true, archived: false, pinnedMessageId: 'msg_9' },
      }),
    ).toBe('12:04 design-team: muted, unarchived, pinned a message');
    expect(line({ type: 'conversation.deleted', ...where, time: at.toISOString() })).toBe(
      '12:04 design-team: deleted',
    );
  });
});
