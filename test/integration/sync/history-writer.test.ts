import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { systemClock } from '../../../main/core/ports/ports.ts';
import { openDatabase, type Database } from '../../../main/core/store/database.ts';
import { SETTLE_CHUNK } from '../../../main/core/store/derived-pending.ts';
import { upsertMessages } from '../../../main/core/store/message-upserts.ts';
import { deferringSearch } from '../../../main/core/store/search-backlog.ts';
import { upsertConversations } from '../../../main/core/store/record-upserts.ts';
import { startHistoryWriter, type HistoryWriter } from '../../../main/core/sync/history-writer.ts';
import {
  readHistoryProgress,
  readInitialProgress,
  saveHistoryProgress,
  type HistoryProgress,
} from '../../../main/core/sync/sync-progress.ts';
import { apiConversation, apiMessage } from '../../support/store-fixtures.ts';
import { tempDir } from '../../support/temp-dir.ts';

let dir: ReturnType<typeof tempDir>;
let db: Database;
let writer: HistoryWriter;

afterEach(async () => {
  await writer.stop();
  db.close();
  dir.remove();
});

function start() {
  dir = tempDir('parley-writer-');
  const file = join(dir.path, 'parley.db');
  db = openDatabase(file);
  writer = startHistoryWriter(db, file, systemClock, silentLogger, 0);
}

/** Commits of another connection move it; this connection's own do not. */
const dataVersion = () =>
  (db.prepare('PRAGMA data_version').get() as { data_version: number }).data_version;

/** The initial sync's progress before its first page. */
const FRESH = { phase: 'conversations', cursor: null, pages: 0, items: 0 } as const;

/** Active at 2,000, never opened: its place in the list is 2,000. */
const conversation = (id: string) =>
  apiConversation(id, { lastActiveAt: 2_000, lastOpenedAt: null });

it('stores the conversation list here until the thread is ready, then on the thread', async () => {
  start();
  const first = await writer.storeConversations({
    conversations: [conversation('c1')],
    from: FRESH,
    to: { phase: 'conversations', cursor: 'c1', pages: 1, items: 1 },
  });
  expect(first?.conversations).toEqual(['c1']);

  await writer.warm();
  const before = dataVersion();
  const second = await writer.storeConversations({
    conversations: [conversation('c2')],
    from: { phase: 'conversations', cursor: 'c1', pages: 1, items: 1 },
    to: { phase: 'recent', cursor: null, pages: 2, items: 2 },
  });
  expect(second?.conversations).toEqual(['c2']);
  expect(dataVersion()).toBeGreaterThan(before);
  expect(db.prepare('SELECT id, sort_at FROM conversations ORDER BY id').all()).toEqual([
    { id: 'c1', sort_at: 2_000 },
    { id: 'c2', sort_at: 2_000 },
  ]);
  expect(readInitialProgress(db)).toEqual({ phase: 'recent', cursor: null, pages: 2, items: 2 });
});

it('answers a page of history once its transaction is committed, with the progress after it', async () => {
  start();
  await writer.storeConversations({
    conversations: [conversation('c1')],
    from: FRESH,
    to: { phase: 'done', cursor: null, pages: 1, items: 1 },
  });
  const start0 = { mode: 'feed' as const, cursor: null, done: false, pages: 0, items: 0 };
  saveHistoryProgress(db, start0);
  await writer.warm();
  const to = { ...start0, cursor: 'm1', pages: 1, items: 2, done: true };
  const messages = ['m2', 'm1'].map((id, n) =>
    apiMessage({ id, conversationId: 'c1', senderId: 'contact-c1', createdAt: 1_500 - n }),
  );
  const before = dataVersion();
  const changes = await writer.store({
    conversations: [],
    messages,
    range: null,
    spare: [],
    now: 3_000,
    from: start0,
    to,
  });
  expect(changes?.threads).toEqual(['c1']);
  expect(dataVersion()).toBeGreaterThan(before);
  expect(readHistoryProgress(db)).toEqual(to);
  expect(db.prepare('SELECT last_message_id, unread_count FROM conversations').get()).toEqual({
    last_message_id: 'm2',
    unread_count: 2,
  });
});

it('settles every conversation history touched with its last page, more than one transaction holds', async () => {
  start();
  const many = Array.from({ length: SETTLE_CHUNK + 500 }, (_, n) => conversation(`c${n}`));
  upsertConversations(db, many, []);
  // Conversations whose messages earlier pages stored, waiting to be settled, as a long feed leaves them.
  const waiting = db.prepare('INSERT INTO derived_pending (conversation_id) VALUES (?)');
  for (const { id } of many) waiting.run(id);
  const start0 = { mode: 'feed' as const, cursor: null, done: false, pages: 0, items: 0 };
  saveHistoryProgress(db, start0);
  await writer.warm();

  const changes = await writer.store({
    conversations: [],
    messages: [
      apiMessage({ id: 'm1', conversationId: 'c0', senderId: 'contact-c0', createdAt: 2_500 }),
    ],
    range: null,
    spare: [],
    now: 3_000,
    from: start0,
    to: { ...start0, cursor: 'm1', pages: 1, items: 1, done: true },
  });

  expect(changes?.threads).toHaveLength(many.length);
  expect(db.prepare('SELECT COUNT(*) AS n FROM derived_pending').get()).toEqual({ n: 0 });
  expect(db.prepare(`SELECT sort_at FROM conversations WHERE id = 'c0'`).get()).toEqual({
    sort_at: 2_500,
  });
});

it('announces what pages stored together changed once, not with each of them', async () => {
  start();
  await writer.storeConversations({
    conversations: [conversation('c1'), conversation('c2')],
    from: FRESH,
    to: { phase: 'done', cursor: null, pages: 1, items: 2 },
  });
  const start0 = { mode: 'feed' as const, cursor: null, done: false, pages: 0, items: 0 };
  saveHistoryProgress(db, start0);
  await writer.warm();
  const page = (conversationId: string, id: string, from: HistoryProgress, to: HistoryProgress) =>
    writer.store({
      conversations: [],
      messages: [
        apiMessage({ id, conversationId, senderId: `contact-${conversationId}`, createdAt: 1_500 }),
      ],
      range: null,
      spare: [],
      now: 3_000,
      from,
      to,
    });
  const middle = { ...start0, cursor: 'm2', pages: 1, items: 1 };
  const end = { ...middle, cursor: 'm1', pages: 2, items: 2, done: true };
  const answers = await Promise.all([
    page('c2', 'm2', start0, middle),
    page('c1', 'm1', middle, end),
  ]);

  expect(answers.flatMap((changes) => changes?.threads ?? []).sort()).toEqual(['c1', 'c2']);
  expect(readHistoryProgress(db)).toEqual(end);
});

it('indexes the search backlog a chunk per ask, so it never holds the write lock from one to the next', async () => {
  start();
  upsertConversations(db, [conversation('c1')], []);
  const messages = Array.from({ length: 20_000 }, (_, n) => ({
    message: apiMessage({
      id: `m${n}`,
      conversationId: 'c1',
      senderId: 'ann',
      text: `lunch ${n}`,
      createdAt: n,
    }),
    own: false,
  }));
  deferringSearch(db, () => upsertMessages(db, messages));
  const backlog = () =>
    (db.prepare('SELECT COUNT(*) AS n FROM search_backlog').get() as { n: number }).n;
  await writer.warm();

  const indexed = writer.indexSearch();
  // This thread holds still, as one waiting for the write lock does: it asks for no next chunk,
  // and the thread indexes no more than the one it was asked for, however long it waits.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  expect(backlog()).toBeGreaterThanOrEqual(15_000);
  db.exec(`UPDATE conversations SET local_name = 'Ann' WHERE id = 'c1'`);

  await indexed;
  expect(backlog()).toBe(0);
  db.exec(`INSERT INTO messages_fts (messages_fts, rank) VALUES ('integrity-check', 1)`);
  expect(
    db.prepare(`SELECT COUNT(*) AS n FROM messages_fts WHERE messages_fts MATCH 'lunch'`).get(),
  ).toEqual({ n: 20_000 });
});
