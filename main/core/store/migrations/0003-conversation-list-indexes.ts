import type { Migration } from './migration.ts';

/**
 * Indexes in the exact order the conversation list shows (pinned first, then
 * most recent), so the muted and per-group lists and their counts read only
 * their own rows. The group index supersedes `conversations_by_group`.
 */
export const conversationListIndexes: Migration = {
  version: 3,
  name: 'conversation-list-indexes',
  up(db) {
    db.exec(`
      CREATE INDEX conversations_muted_list
        ON conversations (is_muted, is_archived, is_pinned DESC, sort_at DESC, id);
      CREATE INDEX conversations_group_list
        ON conversations (group_id, is_archived, is_pinned DESC, sort_at DESC, id);
      DROP INDEX conversations_by_group;
    `);
  },
};
