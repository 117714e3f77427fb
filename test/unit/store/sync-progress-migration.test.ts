import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../../../main/core/store/database.ts';
import { readHistoryProgress, readInitialProgress } from '../../../main/core/sync/sync-progress.ts';
import { readFixture } from '../../support/schema-fixtures.ts';
import { tempDir } from '../../support/temp-dir.ts';

const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => {
  while (dirs.length > 0) dirs.pop()?.remove();
});

/** A version 9 database (before history_complete) whose first sync saved `progress`, opened now. */
function upgraded(progress: object) {
  const dir = tempDir('parley-progress-');
  dirs.push(dir);
  const file = join(dir.path, 'parley.db');
  const old = new DatabaseSync(file);
  old.exec(readFixture(9) ?? '');
  old
    .prepare(`INSERT INTO sync_state (key, value) VALUES ('initial_sync', ?)`)
    .run(JSON.stringify(progress));
  old.close();
  const db = openDatabase(file);
  const result = { initial: readInitialProgress(db), history: readHistoryProgress(db) };
  db.close();
  return result;
}

it('a sync that had finished stays finished: nothing is fetched again', () => {
  const old = { phase: 'done', cursor: null, lastConversationId: null, pages: 40, items: 3_900 };
  expect(upgraded({ ...old, perConversation: false })).toEqual({
    initial: { phase: 'done', cursor: null, pages: 40, items: 3_900 },
    history: { mode: 'feed', cursor: null, done: true, pages: 0, items: 0 },
  });
});

it('a sync in its messages phase is usable and goes on with its history from the saved page', () => {
  const old = {
    phase: 'messages',
    cursor: 'msg_41',
    lastConversationId: null,
    pages: 12,
    items: 900,
  };
  expect(upgraded({ ...old, perConversation: false })).toMatchObject({
    initial: { phase: 'done' },
    history: { mode: 'feed', cursor: 'msg_41', done: false },
  });
  expect(upgraded({ ...old, perConversation: true }).history).toMatchObject({
    mode: 'per-conversation',
    cursor: null,
    done: false,
  });
});

it('a sync still on its conversation list goes on with it', () => {
  const old = {
    phase: 'conversations',
    cursor: 'conv_9',
    lastConversationId: null,
    pages: 2,
    items: 200,
  };
  expect(upgraded({ ...old, perConversation: false })).toEqual({
    initial: { phase: 'conversations', cursor: 'conv_9', pages: 2, items: 200 },
    history: { mode: 'feed', cursor: null, done: false, pages: 0, items: 0 },
  });
});
