import { describe, expect, it } from 'vitest';
import type { ApiMessage } from '../../../main/core/api/messaging-api.ts';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from '../../../main/core/store/database.ts';
import { MIGRATIONS } from '../../../main/core/store/migrations/index.ts';
import { searchOrder } from '../../../main/core/store/migrations/0008-search-order.ts';
import { searchMessages } from '../../../main/core/store/search-queries.ts';
import { upsertMessages } from '../../../main/core/store/message-upserts.ts';
import { upsertMessage } from '../../../main/core/store/record-upserts.ts';
import { apiMessage, memoryDatabase, seedConversation } from '../../support/store-fixtures.ts';

const DAY = 86_400_000;
const NOV_11 = Date.UTC(2026, 10, 11);

/** A message as the server sends it. */
function serverMessage(id: string, createdAt: number): ApiMessage {
  return apiMessage({ id, conversationId: 'c', senderId: 'ann', text: `lunch ${id}`, createdAt });
}

const found = async (db: ReturnType<typeof memoryDatabase>, offset = 0, limit = 20) =>
  (await searchMessages(db, { query: 'lunch', offset, limit })).hits.map((hit) => hit.messageId);

describe('message search order', () => {
  it('is newest first, whatever order the messages were stored in', async () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'c', contactId: 'ann' });
    // An initial sync stores the newest page first, then older pages; live sync adds newer ones.
    for (const day of [4, 3, 2, 1, 0, 11, 10]) {
      upsertMessage(db, serverMessage(`nov${day}`, NOV_11 - (11 - day) * DAY), false);
    }
    expect(await found(db)).toEqual(['nov11', 'nov10', 'nov4', 'nov3', 'nov2', 'nov1', 'nov0']);
    expect([...(await found(db, 0, 3)), ...(await found(db, 3, 4))]).toEqual(await found(db));
  });

  it('keeps messages of the same millisecond apart, and follows a time the server corrects', async () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'c', contactId: 'ann' });
    upsertMessage(db, serverMessage('a', NOV_11), false);
    upsertMessage(db, serverMessage('b', NOV_11), false);
    upsertMessage(db, serverMessage('c', NOV_11 - DAY), false);
    expect(await found(db)).toEqual(['b', 'a', 'c']);
    upsertMessage(db, serverMessage('c', NOV_11 + DAY), false);
    expect(await found(db)).toEqual(['c', 'b', 'a']);
  });

  it('keeps messages of the same millisecond apart when a page stores them together', async () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'c', contactId: 'ann' });
    const store = (messages: ApiMessage[]) =>
      upsertMessages(
        db,
        messages.map((message) => ({ message, own: false })),
      );
    upsertMessage(db, serverMessage('moved', NOV_11), false);
    store([...['p1', 'p2', 'p3'].map((id) => serverMessage(id, NOV_11 - DAY))]);
    store([serverMessage('q1', NOV_11 - DAY), serverMessage('moved', NOV_11 - DAY)]);
    expect(await found(db)).toEqual(['moved', 'q1', 'p3', 'p2', 'p1']);
  });

  it('stores a page longer than one statement whole and in order, its repeat once', async () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'c', contactId: 'ann' });
    // 37 rows of one millisecond: statements of 16, 16, 4 and 1 rows, each seeing the last's keys.
    const page = Array.from({ length: 37 }, (_, i) => serverMessage(`m${i}`, NOV_11));
    const results = upsertMessages(
      db,
      [...page, page[5] as ApiMessage].map((message) => ({
        message,
        own: false,
      })),
    );
    expect(results.filter((result) => result === 'inserted')).toHaveLength(37);
    expect(results.at(-1)).toBe('unchanged');
    expect(await found(db, 0, 50)).toEqual(page.map((message) => message.id).reverse());
  });

  it('survives times no real message has, instead of failing the sync', async () => {
    const db = memoryDatabase();
    seedConversation(db, { id: 'c', contactId: 'ann' });
    upsertMessage(db, serverMessage('far', 9_000_000_000_000_000), false);
    upsertMessage(db, serverMessage('zero', 0), false);
    expect(await found(db)).toEqual(['far', 'zero']);
  });

  it('re-keys messages stored before, so they too come newest first', async () => {
    const db = new DatabaseSync(':memory:');
    const before = MIGRATIONS.filter((m) => m.version < searchOrder.version);
    for (const migration of before) migration.up(db);
    db.exec(`PRAGMA user_version = ${searchOrder.version - 1}`);
    db.exec(
      `INSERT INTO conversations (id, contact_id, created_at, sort_at) VALUES ('c', 'ann', 0, 0)`,
    );
    const insert = db.prepare(
      `INSERT INTO messages (id, conversation_id, sender_id, own, text, created_at)
       VALUES (?, 'c', 'ann', 0, ?, ?)`,
    );
    for (const day of [4, 3, 11, 10])
      insert.run(`nov${day}`, `lunch ${day}`, NOV_11 - (11 - day) * DAY);
    // Read as search reads its matches, by key: today's search query names later tables.
    const byKey = () =>
      (
        db
          .prepare(
            `SELECT m.id FROM messages_fts f JOIN messages m ON m.rowid = f.rowid
             WHERE messages_fts MATCH 'lunch' ORDER BY f.rowid DESC`,
          )
          .all() as { id: string }[]
      ).map((row) => row.id);
    expect(byKey()).toEqual(['nov10', 'nov11', 'nov3', 'nov4']);
    migrate(db);
    expect(byKey()).toEqual(['nov11', 'nov10', 'nov4', 'nov3']);
    expect(await found(db)).toEqual(['nov11', 'nov10', 'nov4', 'nov3']);
  });
});
