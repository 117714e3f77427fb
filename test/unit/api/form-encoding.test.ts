import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/core/api/api-error.ts';
import {
  conversationUpdateForm,
  messageUpdateForm,
  newConversationForm,
  newMessageForm,
} from '../../../main/core/api/form-encoding.ts';
import type { ServerTraits } from '../../../main/core/api/messaging-api.ts';

const pairs = (form: string) => [...new URLSearchParams(form)];
const traits = (timestampUnit: ServerTraits['timestampUnit']): ServerTraits => ({
  timestampUnit,
  listOrder: 'unknown',
  cursor: 'unknown',
});

describe('form encoding', () => {
  it('sends each reactor as reactions[<name>][]=<reactor>', () => {
    const form = messageUpdateForm({ reactions: { like: ['ann', 'bo'], 'thumbs up': ['cy'] } });
    expect(pairs(form)).toEqual([
      ['reactions[like][]', 'ann'],
      ['reactions[like][]', 'bo'],
      ['reactions[thumbs up][]', 'cy'],
    ]);
  });

  it('escapes reaction names and reactors so & and = stay inside the value', () => {
    const form = messageUpdateForm({ reactions: { 'a&b=c': ['x&y'], '👍': ['zoë'] } });
    expect(qs.parse(form)).toEqual({ reactions: { 'a&b=c': ['x&y'], '👍': ['zoë'] } });
  });

  it('sends reactions= (empty) when no reaction is left, so the server clears them', () => {
    expect(pairs(messageUpdateForm({ reactions: {} }))).toEqual([['reactions', '']]);
    expect(pairs(messageUpdateForm({ reactions: { like: [] } }))).toEqual([['reactions', '']]);
  });

  it('sends attachments as attachments[<index>][<key>]=<value>', () => {
    const form = newMessageForm({
      conversationId: 'c1',
      message: 'see files',
      attachments: [
        { name: 'a.png', url: 'https://x.test/a.png' },
        { name: 'b.pdf', size: 42 },
      ],
    });
    expect(pairs(form)).toEqual([
      ['conversation_id', 'c1'],
      ['message', 'see files'],
      ['attachments[0][name]', 'a.png'],
      ['attachments[0][url]', 'https://x.test/a.png'],
      ['attachments[1][name]', 'b.pdf'],
      ['attachments[1][size]', '42'],
    ]);
  });

  it('refuses names the server would read back as nesting', () => {
    expect(() => messageUpdateForm({ reactions: { 'a[b]': ['x'] } })).toThrow(ApiError);
    expect(() => messageUpdateForm({ attachments: [{ '': 'x' }] })).toThrow(/attachments/);
    expect(() => messageUpdateForm({ reactions: { like: [''] } })).toThrow(/Reactors/);
  });

  it('refuses an update that changes nothing', () => {
    expect(() => messageUpdateForm({})).toThrow(/changes nothing/);
    expect(() => conversationUpdateForm({}, traits('seconds'))).toThrow(/changes nothing/);
  });

  it('archives with a time in the server unit and restores with archived_at=', () => {
    const at = 1_700_000_123_456;
    expect(pairs(conversationUpdateForm({ archivedAt: at }, traits('unknown')))).toEqual([
      ['archived_at', '1700000123'],
    ]);
    expect(pairs(conversationUpdateForm({ archivedAt: at }, traits('milliseconds')))).toEqual([
      ['archived_at', String(at)],
    ]);
    expect(pairs(conversationUpdateForm({ archivedAt: null }, traits('seconds')))).toEqual([
      ['archived_at', ''],
    ]);
    expect(() => conversationUpdateForm({ archivedAt: -1 }, traits('seconds'))).toThrow(
      /archived_at/,
    );
  });

  it('sends booleans as true/false and unpins with pinned_message_id=', () => {
    const form = conversationUpdateForm(
      { isPinned: true, isMuted: false, pinnedMessageId: null },
      traits('seconds'),
    );
    expect(pairs(form)).toEqual([
      ['pinned_message_id', ''],
      ['is_pinned', 'true'],
      ['is_muted', 'false'],
    ]);
  });

  it('creates a conversation with a contact id or a group id, and refuses neither', () => {
    expect(pairs(newConversationForm({ contactId: 'u1' }))).toEqual([['contact_id', 'u1']]);
    expect(pairs(newConversationForm({ groupId: 'g1' }))).toEqual([['group_id', 'g1']]);
    expect(() => newConversationForm({ contactId: ' ' })).toThrow(/contact_id/);
    expect(() => newConversationForm({} as { contactId: string })).toThrow(/contact id or a group/);
  });
});
