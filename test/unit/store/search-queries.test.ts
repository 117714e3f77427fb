import { describe, expect, it } from 'vitest';
import { searchMessages } from '../../../main/core/store/search-queries.ts';
import {
  memoryDatabase,
  seedContact,
  seedConversation,
  seedMessages,
} from '../../support/store-fixtures.ts';

function archive() {
  const db = memoryDatabase();
  seedContact(db, { id: 'ct_ann', username: 'ann' });
  seedConversation(db, { id: 'c_ann', contactId: 'ct_ann' });
  seedConversation(db, { id: 'c_team', groupId: 'g_team', localName: 'Team' });
  seedMessages(db, [
    {
      id: 'm1',
      conversationId: 'c_ann',
      senderId: 'ct_ann',
      text: 'Lunch at the café?',
      createdAt: 1,
    },
    {
      id: 'm2',
      conversationId: 'c_team',
      senderId: 'ct_bob',
      text: 'Deploy done, lunch later',
      createdAt: 2,
    },
    {
      id: 'm3',
      conversationId: 'c_team',
      senderId: 'ct_ann',
      text: 'The deployment failed: <b>oops</b>',
      createdAt: 3,
    },
  ]);
  return db;
}

const search = (db: ReturnType<typeof archive>, query: string, offset = 0, limit = 10) =>
  searchMessages(db, { query, offset, limit });

describe('message search', () => {
  it('finds whole words, case- and accent-insensitively, most recent first', async () => {
    const db = archive();
    expect((await search(db, 'LUNCH')).hits.map((h) => h.messageId)).toEqual(['m2', 'm1']);
    expect((await search(db, 'cafe')).hits.map((h) => h.messageId)).toEqual(['m1']);
  });

  it('searches one conversation when asked, paging within it', async () => {
    const db = archive();
    const inTeam = (query: string, offset = 0, limit = 10) =>
      searchMessages(db, { query, offset, limit, conversationId: 'c_team' });
    expect((await inTeam('lunch')).hits.map((h) => h.messageId)).toEqual(['m2']);
    expect((await inTeam('deplo')).hits.map((h) => h.messageId)).toEqual(['m3', 'm2']);
    expect(await inTeam('deplo', 0, 1)).toMatchObject({
      hits: [{ messageId: 'm3' }],
      hasMore: true,
    });
    expect(await inTeam('deplo', 1, 1)).toMatchObject({
      hits: [{ messageId: 'm2' }],
      hasMore: false,
    });
    expect((await inTeam('cafe')).hits).toEqual([]);
  });

  it('searches a long conversation too, quiet since others spoke, newest first', async () => {
    const db = archive();
    seedConversation(db, { id: 'c_long', groupId: 'g_long' });
    // Past the count up to which a conversation is looked up message by message.
    seedMessages(
      db,
      Array.from({ length: 5_001 }, (_, n) => ({
        id: `long${n}`,
        conversationId: 'c_long',
        senderId: 'ct_bob',
        text: n % 1_000 === 0 ? `lunch number ${n}` : `filler ${n}`,
        createdAt: 1_000 + n,
      })),
    );
    seedMessages(db, [
      { id: 'later', conversationId: 'c_team', senderId: 'ct_bob', text: 'lunch?', createdAt: 9e6 },
    ]);
    const inLong = (offset: number, limit: number) =>
      searchMessages(db, { query: 'lunch', offset, limit, conversationId: 'c_long' });
    expect((await inLong(0, 10)).hits.map((h) => h.messageId)).toEqual([
      'long5000',
      'long4000',
      'long3000',
      'long2000',
      'long1000',
      'long0',
    ]);
    expect(await inLong(4, 1)).toMatchObject({ hits: [{ messageId: 'long1000' }], hasMore: true });
  });

  it('requires every term', async () => {
    expect((await search(archive(), 'lunch deploy')).hits.map((h) => h.messageId)).toEqual(['m2']);
  });

  it('matches a word still being typed as a prefix', async () => {
    expect((await search(archive(), 'deplo')).hits.map((h) => h.messageId)).toEqual(['m3', 'm2']);
  });

  it('gives a plain-text snippet with the offsets of each match', async () => {
    const [hit] = (await search(archive(), 'failed')).hits;
    expect(hit).toMatchObject({
      messageId: 'm3',
      conversationId: 'c_team',
      conversationTitle: 'Team',
      senderName: 'ann',
      own: false,
      inGroup: true,
      createdAt: 3,
      snippet: 'The deployment failed: <b>oops</b>',
      highlights: [[15, 21]],
    });
    const lunch = (await search(archive(), 'lunch')).hits[1];
    expect(lunch?.snippet.slice(...(lunch.highlights[0] as [number, number]))).toBe('Lunch');
    expect(lunch?.conversationTitle).toBe('ann');
    expect(lunch?.inGroup).toBe(false);
  });

  it('pages with offset and limit and says when there is more', async () => {
    const db = archive();
    expect(await search(db, 'lunch', 0, 1)).toMatchObject({
      hasMore: true,
      hits: [{ messageId: 'm2' }],
    });
    expect(await search(db, 'lunch', 1, 1)).toMatchObject({
      hasMore: false,
      hits: [{ messageId: 'm1' }],
    });
  });

  it('treats FTS syntax as text and never errors on hostile input', async () => {
    const db = archive();
    const hostile = [
      '"',
      '*',
      'NEAR(',
      'NEAR(lunch deploy',
      '-',
      '-lunch',
      'lunch OR',
      'AND',
      'text:lunch',
      '^lunch',
      '(lunch',
      "lunch' OR 1=1 --",
      '🙂',
      '😀 lunch',
      'x'.repeat(500),
      'a '.repeat(250),
      '\u0000',
      '\uE000lunch\uE001',
    ];
    for (const query of hostile) {
      await expect(search(db, query), query).resolves.toBeDefined();
    }
    expect((await search(db, '-lunch')).hits).toHaveLength(2);
    expect((await search(db, 'lunch OR')).hits).toHaveLength(0);
    expect((await search(db, '😀 lunch')).hits).toHaveLength(2);
    expect(await search(db, '*')).toEqual({ hits: [], hasMore: false });
  });

  it('shows a snippet without formatting marks, the match highlighted where it was', async () => {
    const db = archive();
    seedMessages(db, [
      {
        id: 'm5',
        conversationId: 'c_ann',
        senderId: 'ct_ann',
        text: 'Ship the **invoices** after `npm ci`',
        createdAt: 5,
      },
    ]);
    const [hit] = (await search(db, 'invoices')).hits;
    expect(hit).toMatchObject({ snippet: 'Ship the invoices after npm ci' });
    expect(hit?.snippet.slice(...(hit.highlights[0] as [number, number]))).toBe('invoices');
  });

  it('shows the start of a message without highlights when it contains the marker characters', async () => {
    const db = archive();
    seedMessages(db, [
      {
        id: 'm4',
        conversationId: 'c_ann',
        senderId: 'ct_ann',
        text: 'odd \uE000 lunch \uE001',
        createdAt: 4,
      },
    ]);
    expect((await search(db, 'lunch')).hits[0]).toMatchObject({
      messageId: 'm4',
      snippet: 'odd \uE000 lunch \uE001',
      highlights: [],
    });
  });

  it('forgets deleted and edited text', async () => {
    const db = archive();
    db.prepare("DELETE FROM messages WHERE id = 'm1'").run();
    db.prepare("UPDATE messages SET text = 'dinner' WHERE id = 'm2'").run();
    expect((await search(db, 'lunch')).hits).toEqual([]);
    expect((await search(db, 'dinner')).hits.map((h) => h.messageId)).toEqual(['m2']);
  });
});
