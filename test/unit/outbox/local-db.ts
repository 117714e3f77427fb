import { openDatabase, type Database } from '../../../main/core/store/database.ts';
import { recomputeConversationDerived } from '../../../main/core/store/conversation-derived.ts';
import { createLocalWrites } from '../../../main/core/outbox/local-writes.ts';
import { writeKey } from '../../../main/core/store/meta-keys.ts';

export const T0 = 1_700_000_000_000;

/**
 * An in-memory local database as a sync would have left it: the signed-in
 * user "alice", conversation conv_1 with bob holding messages msg_1 (bob's)
 * and msg_2 (alice's), msg_1 pinned; conv_2 archived with a timed mute.
 */
export function localDb() {
  const db = openDatabase(':memory:');
  writeKey(db, 'meta', 'self_contact_id', 'alice');
  writeKey(db, 'meta', 'self_username', 'alice');
  db.exec(`
    INSERT INTO conversations (id, contact_id, pinned_message_id, created_at, sort_at)
      VALUES ('conv_1', 'bob', 'msg_1', ${T0 - 9_000}, 0);
    INSERT INTO conversations (id, contact_id, is_muted, muted_until, is_archived, archived_at,
      created_at, sort_at)
      VALUES ('conv_2', 'cy', 1, ${T0 + 3_600_000}, 1, ${T0 - 5_000}, ${T0 - 9_000}, 0);
    INSERT INTO messages (id, conversation_id, sender_id, own, text, reactions, attachments, created_at)
      VALUES ('msg_1', 'conv_1', 'bob', 0, 'hello alice', '{"like":["cy"]}', '[]', ${T0 - 8_000});
    INSERT INTO messages (id, conversation_id, sender_id, own, text, reactions, attachments, created_at)
      VALUES ('msg_2', 'conv_1', 'alice', 1, 'hi bob', '{}',
        '[{"name":"a.txt","url":"https://example.com/a.txt"}]', ${T0 - 7_000});
  `);
  recomputeConversationDerived(db, 'conv_1');
  recomputeConversationDerived(db, 'conv_2');
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
