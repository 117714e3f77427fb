import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readMessage } from '../../../main/core/api/record-parsing.ts';
import { createTraitsLearner } from '../../../main/core/api/server-traits.ts';
import type { ApiMessage } from '../../../main/core/api/messaging-api.ts';
import { silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { openDatabase } from '../../../main/core/store/database.ts';
import { payloadSchemas } from '../../../main/core/store/outbox-payloads.ts';
import { upsertMessage } from '../../../main/core/store/record-upserts.ts';
import { readFixture } from '../../support/schema-fixtures.ts';
import {
  apiMessage,
  memoryDatabase,
  seedConversation,
  type MessageSeed,
} from '../../support/store-fixtures.ts';
import { tempDir } from '../../support/temp-dir.ts';

const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => {
  while (dirs.length > 0) dirs.pop()?.remove();
});

/** Message m1 as the server lists it, with the fields a test changes. */
const serverCopy = (seed: Partial<MessageSeed> = {}): ApiMessage =>
  apiMessage({
    id: 'm1',
    conversationId: 'c',
    senderId: 'ann',
    text: 'noon',
    createdAt: 1_000,
    ...seed,
  });

/** Message m1 as it comes over the wire, read as the API client reads it. */
function wireCopy(extra: Record<string, unknown>): ApiMessage {
  const read = readMessage(
    {
      id: 'm1',
      conversation_id: 'c',
      contact: { id: 'ann', username: 'ann' },
      message: 'noon',
      created_at: 1,
      ...extra,
    },
    createTraitsLearner(silentLogger),
  );
  if (!read.ok) throw new Error(read.problem);
  return read.value;
}

describe('a message listed again', () => {
  it('is written only when a field Parley stores changed', () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'c', contactId: 'ann' });
    expect(upsertMessage(db, serverCopy(), false)).toBe('inserted');
    expect(upsertMessage(db, serverCopy(), false)).toBe('unchanged');
    for (const change of [
      { text: 'half past noon', updatedAt: 2_000 },
      { text: 'half past noon', updatedAt: 2_000, reactions: { like: ['bob'] } },
      { text: 'half past noon', updatedAt: 2_000, reactions: { like: ['bob'] }, readAt: 3_000 },
      {
        text: 'half past noon',
        updatedAt: 2_000,
        reactions: { like: ['bob'] },
        readAt: 3_000,
        attachments: [{ url: 'https://files.test/a.png' }],
      },
    ]) {
      expect(upsertMessage(db, serverCopy(change), false)).toBe('updated');
      expect(upsertMessage(db, serverCopy(change), false)).toBe('unchanged');
    }
    expect(upsertMessage(db, serverCopy({ senderId: 'bob' }), false)).toBe('updated');
    expect(upsertMessage(db, serverCopy({ senderId: 'bob' }), true)).toBe('updated');
  });

  it('changed only in a field Parley does not read writes nothing', () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'c', contactId: 'ann' });
    expect(upsertMessage(db, wireCopy({ metadata: { client: 'web' } }), false)).toBe('inserted');
    expect(upsertMessage(db, wireCopy({ metadata: { client: 'phone' } }), false)).toBe('unchanged');
    expect(
      upsertMessage(db, wireCopy({ message: 'one', metadata: { client: 'phone' } }), false),
    ).toBe('updated');
  });

  it('stored by a release that kept its fingerprint is compared by its columns alone', () => {
    const dir = tempDir('parley-unchanged-');
    dirs.push(dir);
    const file = join(dir.path, 'parley.db');
    const released = new DatabaseSync(file);
    released.exec(readFixture(21) ?? '');
    released.exec(
      `INSERT INTO conversations (id, contact_id, created_at, sort_at) VALUES ('c', 'ann', 1, 1)`,
    );
    released
      .prepare(
        `INSERT INTO messages (seq, id, conversation_id, sender_id, own, text, reactions,
           attachments, created_at, fingerprint)
         VALUES (1, 'm1', 'c', 'ann', 0, 'noon', '{}', '[]', 1000, ?)`,
      )
      .run('x'.repeat(43));
    released.close();

    const db = openDatabase(file);
    try {
      expect(upsertMessage(db, serverCopy(), false)).toBe('unchanged');
      expect(upsertMessage(db, serverCopy({ id: 'm2' }), false)).toBe('inserted');
      expect(db.prepare('SELECT id, retired_fingerprint FROM messages ORDER BY id').all()).toEqual([
        { id: 'm1', retired_fingerprint: 'x'.repeat(43) },
        { id: 'm2', retired_fingerprint: '{}' },
      ]);
    } finally {
      db.close();
    }
  });

  it('deleted by an entry queued by an earlier release is put back as it was', () => {
    const previous = {
      id: 'm1',
      conversation_id: 'c',
      sender_id: 'ann',
      own: 0,
      text: 'hello',
      reactions: '{}',
      attachments: '[]',
      read_at: null,
      created_at: 1_000,
      updated_at: null,
    };
    for (const kept of [{ raw: '{"id":"m1"}' }, { edited_at: null, fingerprint: 'x'.repeat(43) }]) {
      const parsed = payloadSchemas['delete-message'].safeParse({
        previous: { ...previous, ...kept },
      });
      expect(parsed.success).toBe(true);
      expect(parsed.data?.previous).toEqual({ ...previous, edited_at: null });
    }
  });
});
