import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiMessage } from '../../../main/core/api/messaging-api.ts';
import { openDatabase } from '../../../main/core/store/database.ts';
import { payloadSchemas } from '../../../main/core/store/outbox-payloads.ts';
import { upsertMessage } from '../../../main/core/store/record-upserts.ts';
import { readFixture } from '../../support/schema-fixtures.ts';
import { apiMessage, memoryDatabase, seedConversation } from '../../support/store-fixtures.ts';
import { tempDir } from '../../support/temp-dir.ts';

const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => {
  while (dirs.length > 0) dirs.pop()?.remove();
});

/** Message m1 as the server sends it, sender and a field Parley does not read included. */
function serverCopy(extra: Record<string, unknown> = {}): ApiMessage {
  const message = apiMessage({
    id: 'm1',
    conversationId: 'c',
    senderId: 'ann',
    text: 'see you at noon',
    createdAt: 1_000,
  });
  const raw = {
    id: 'm1',
    conversation_id: 'c',
    contact: { id: 'ann', username: 'ann', phone_number: '+1 555 0100' },
    message: message.message,
    created_at: 1,
    metadata: { client: 'web' },
    ...extra,
  };
  return { ...message, raw };
}

const storedFingerprint = (db: DatabaseSync) =>
  (db.prepare(`SELECT fingerprint FROM messages WHERE id = 'm1'`).get() as { fingerprint: string })
    .fingerprint;

describe('a stored message keeps a fingerprint of the server record, not the record', () => {
  it('tells a record listed again unchanged from one changed in a field Parley does not read', () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'c', contactId: 'ann' });
    expect(upsertMessage(db, serverCopy(), false)).toBe('inserted');
    expect(upsertMessage(db, serverCopy(), false)).toBe('unchanged');
    expect(upsertMessage(db, serverCopy({ metadata: { client: 'phone' } }), false)).toBe('updated');
    expect(upsertMessage(db, serverCopy({ metadata: { client: 'phone' } }), false)).toBe(
      'unchanged',
    );
  });

  it('holds neither the sender nor the text: a few dozen bytes a message', () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'c', contactId: 'ann' });
    upsertMessage(db, serverCopy(), false);
    const fingerprint = storedFingerprint(db);
    expect(fingerprint.length).toBeLessThanOrEqual(44);
    expect(fingerprint).not.toContain('555');
    expect(fingerprint).not.toContain('noon');
  });

  it('rewrites a message stored with its whole record once, the next time it is listed', () => {
    const dir = tempDir('parley-fingerprint-');
    dirs.push(dir);
    const file = join(dir.path, 'parley.db');
    const released = new DatabaseSync(file);
    released.exec(readFixture(12) ?? '');
    released.exec(
      `INSERT INTO conversations (id, contact_id, created_at, sort_at) VALUES ('c', 'ann', 1, 1)`,
    );
    released
      .prepare(
        `INSERT INTO messages (seq, id, conversation_id, sender_id, own, text, created_at, raw)
         VALUES (1, 'm1', 'c', 'ann', 0, ?, 1000, ?)`,
      )
      .run(serverCopy().message, JSON.stringify(serverCopy().raw));
    released.close();

    const db = openDatabase(file);
    try {
      expect(upsertMessage(db, serverCopy(), false)).toBe('updated');
      expect(storedFingerprint(db)).not.toContain('555');
      expect(upsertMessage(db, serverCopy(), false)).toBe('unchanged');
    } finally {
      db.close();
    }
  });

  it('reads a delete queued before the change, whose snapshot kept the record', () => {
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
      edited_at: null,
      raw: JSON.stringify(serverCopy().raw),
    };
    const parsed = payloadSchemas['delete-message'].safeParse({ previous });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.previous.fingerprint).toBe('');
  });
});
