import { createLocalWrites } from '../../../main/core/outbox/local-writes.ts';
import type { Database } from '../../../main/core/store/database.ts';
import {
  memoryDatabase,
  seedConversation,
  seedMessages,
  setSelf,
} from '../../support/store-fixtures.ts';

export const T0 = 1_700_000_000_000;

/**
 * An in-memory local database as a sync would have left it: the signed-in
 * user "alice", conversation conv_1 with bob holding messages msg_1 (bob's)
 * and msg_2 (alice's), msg_1 pinned; conv_2 archived with a timed mute.
 */
export function localDb() {
  const db = memoryDatabase();
  setSelf(db, 'alice', 'alice');
  seedConversation(db, {
    id: 'conv_1',
    contactId: 'bob',
    pinnedMessageId: 'msg_1',
    createdAt: T0 - 9_000,
  });
  seedConversation(db, {
    id: 'conv_2',
    contactId: 'cy',
    isMuted: true,
    archivedAt: T0 - 5_000,
    createdAt: T0 - 9_000,
  });
  // A timed mute the server has confirmed: the end time is the app's own, never a server field.
  db.prepare('UPDATE conversations SET muted_until = ? WHERE id = ?').run(T0 + 3_600_000, 'conv_2');
  seedMessages(db, [
    {
      id: 'msg_1',
      conversationId: 'conv_1',
      senderId: 'bob',
      text: 'hello alice',
      reactions: { like: ['cy'] },
      createdAt: T0 - 8_000,
    },
    {
      id: 'msg_2',
      conversationId: 'conv_1',
      senderId: 'alice',
      own: true,
      text: 'hi bob',
      attachments: [{ name: 'a.txt', url: 'https://example.com/a.txt' }],
      createdAt: T0 - 7_000,
    },
  ]);
  let now = T0;
  const writes = createLocalWrites(db, () => now);
  return {
    db,
    writes,
    setNow(value: number) {
      now = value;
    },
    /** Everything a user could see of conversations and messages (row order aside). */
    snapshot: () => snapshot(db),
    outbox: () =>
      db
        .prepare('SELECT id, kind, state, target_id, conversation_id FROM outbox ORDER BY id')
        .all(),
    lastEntryId: () => (db.prepare('SELECT MAX(id) AS id FROM outbox').get() as { id: number }).id,
  };
}

function snapshot(db: Database) {
  return {
    conversations: db.prepare('SELECT * FROM conversations ORDER BY id').all(),
    messages: db
      .prepare(
        `SELECT id, conversation_id, sender_id, own, text, reactions, attachments, read_at,
           created_at, updated_at FROM messages ORDER BY id`,
      )
      .all(),
  };
}
