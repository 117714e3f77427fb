import { describe, expect, it } from 'vitest';
import { readConversation, readMessage } from '../../../main/core/api/record-parsing.ts';
import { createTraitsLearner } from '../../../main/core/api/server-traits.ts';
import { recordingLog } from './scripted-server.ts';

const learner = () => createTraitsLearner(recordingLog().log);

const message = (fields: Record<string, unknown> = {}) => ({
  id: 'm1',
  conversation_id: 'c1',
  contact: {
    id: 'u1',
    username: 'ann',
    phone_number: '+1 555',
    avatar_url: 'https://x.test/a.png',
    last_active_at: 1_700_000_100,
    created_at: 1_600_000_000,
  },
  message: 'hello',
  reactions: [],
  attachments: [],
  read_at: null,
  created_at: 1_700_000_000,
  updated_at: null,
  ...fields,
});

describe('reading a message', () => {
  it('converts to camelCase and epoch milliseconds, leaving out fields Parley does not read', () => {
    const result = readMessage(
      message({ object: 'message', metadata: { pinned: true } }),
      learner(),
    );
    expect(result).toEqual({
      ok: true,
      value: {
        id: 'm1',
        conversationId: 'c1',
        contact: {
          id: 'u1',
          username: 'ann',
          phoneNumber: '+1 555',
          avatarUrl: 'https://x.test/a.png',
          lastActiveAt: 1_700_000_100_000,
          createdAt: 1_600_000_000_000,
        },
        message: 'hello',
        reactions: {},
        attachments: [],
        readAt: null,
        createdAt: 1_700_000_000_000,
        updatedAt: null,
      },
    });
  });

  it('reads milliseconds as they are, per value', () => {
    const result = readMessage(
      message({ created_at: 1_700_000_000_123, read_at: 1_700_000_001 }),
      learner(),
    );
    expect(result.ok && [result.value.createdAt, result.value.readAt]).toEqual([
      1_700_000_000_123, 1_700_000_001_000,
    ]);
  });

  it('merges reaction objects into one map, each reactor once', () => {
    const raw = message({ reactions: [{ like: ['ann'] }, { like: ['bo', 'ann'], wow: ['cy'] }] });
    const result = readMessage(raw, learner());
    expect(result.ok && result.value.reactions).toEqual({ like: ['ann', 'bo'], wow: ['cy'] });
  });

  it('reads a message with a reaction named __proto__ without touching any prototype', () => {
    const raw = JSON.parse('{"reactions":[{"__proto__":["ann"]},{"like":["bo"]}]}');
    const result = readMessage(message(raw as Record<string, unknown>), learner());
    expect(result.ok && Object.getPrototypeOf(result.value.reactions)).toBe(Object.prototype);
    expect(result.ok && result.value.reactions).toEqual({ like: ['bo'] });
  });

  it('accepts numeric ids and missing optional fields', () => {
    const raw = message({
      id: 7,
      conversation_id: 3,
      reactions: undefined,
      attachments: undefined,
    });
    const result = readMessage(raw, learner());
    expect(result.ok && [result.value.id, result.value.conversationId]).toEqual(['7', '3']);
    expect(result.ok && [result.value.reactions, result.value.attachments]).toEqual([{}, []]);
  });

  it.each([
    ['no id', { id: undefined }],
    ['no created_at', { created_at: undefined }],
    ['a text timestamp', { created_at: 'yesterday' }],
    ['no contact', { contact: null }],
    ['reactions of the wrong shape', { reactions: [{ like: 'ann' }] }],
  ])('refuses a record with %s, naming the problem', (_label, fields) => {
    const result = readMessage(message(fields), learner());
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatch(/\w+/);
  });

  it('refuses values that are not records at all', () => {
    for (const raw of [null, 'm1', 42, []]) expect(readMessage(raw, learner()).ok).toBe(false);
  });
});

describe('reading a conversation', () => {
  it('fills the spec defaults and converts times', () => {
    const raw = { id: 'c1', contact_id: 'u1', created_at: 1_700_000_000, extra: 'kept' };
    const result = readConversation(raw, learner());
    expect(result).toEqual({
      ok: true,
      value: {
        id: 'c1',
        contactId: 'u1',
        groupId: null,
        pinnedMessageId: null,
        isPinned: false,
        isMuted: false,
        lastActiveAt: null,
        lastOpenedAt: null,
        createdAt: 1_700_000_000_000,
        archivedAt: null,
        raw,
      },
    });
  });

  it('refuses a record whose flags are not booleans', () => {
    expect(readConversation({ id: 'c1', created_at: 1, is_muted: 'yes' }, learner()).ok).toBe(
      false,
    );
  });
});
