import { openSandboxDatabase } from '../../../main/sandbox/store/database.ts';
import { newId } from '../../../main/sandbox/store/ids.ts';

/**
 * Fills a sandbox data file straight through its database, far faster than
 * the API: one conversation per contact with `user`, messages dealt round
 * the conversations, every other one sent by `user`. Message times spread
 * evenly over `spreadSeconds` before now; 0 gives them all one timestamp,
 * as when they were all created within a second. Returns the conversation ids.
 */
export function seedSandbox(
  file: string,
  options: { user: string; conversations: number; messages: number; spreadSeconds: number },
): string[] {
  const { user, conversations, messages, spreadSeconds } = options;
  const database = openSandboxDatabase(file);
  const { statement } = database;
  const now = Math.floor(Date.now() / 1000) - 10;
  const created = now - Math.max(spreadSeconds, 1);
  const ids: string[] = [];
  database.transaction(() => {
    const contact = statement(
      `INSERT INTO contacts (id, username, phone_number, avatar_url, last_active_at, created_at)
       VALUES (?, ?, '+15550000000', 'https://example.com/a.png', ?, ?)`,
    );
    contact.run(user, user, now, created);
    for (let i = 0; i < conversations; i++) {
      const id = newId('conv', (created + i) * 1000);
      ids.push(id);
      contact.run(`contact${i}`, `contact${i}`, now, created);
      statement(
        'INSERT INTO threads (id, contact_a, contact_b, created_at) VALUES (?, ?, ?, ?)',
      ).run(id, `contact${i}`, user, created);
      statement(
        `INSERT INTO memberships (owner_id, conversation_id, contact_id, is_muted, is_pinned,
           last_active_at, created_at) VALUES (?, ?, ?, 0, 0, ?, ?)`,
      ).run(user, id, `contact${i}`, now, created);
    }
    const insert = statement(
      `INSERT INTO messages (owner_id, id, conversation_id, sender_id, body, read_at, created_at)
       VALUES (?, ?, ?, ?, ?, NULL, ?)`,
    );
    for (let i = 0; i < messages; i++) {
      const createdAt = now - spreadSeconds + Math.floor((i / messages) * spreadSeconds);
      const conversation = i % conversations;
      insert.run(
        user,
        newId('msg', createdAt * 1000),
        ids[conversation] as string,
        i % 2 === 0 ? user : `contact${conversation}`,
        `message ${i}`,
        createdAt,
      );
    }
  });
  database.close();
  return ids;
}
