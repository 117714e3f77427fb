import type { ConversationCounts } from '../../../shared/model/conversation.ts';
import type { Database } from './database.ts';
import { statement } from './statement-cache.ts';

/**
 * The numbers beside each filter. `unread` counts the conversations the
 * unread filter shows; `unreadTotal` (the badge) counts unread messages
 * outside archived and muted conversations; `archivedUnread` counts archived
 * conversations with something unread. Each count reads one index.
 */
export function conversationCounts(db: Database): ConversationCounts {
  const totals = statement(
    db,
    `SELECT
       (SELECT COUNT(*) FROM conversations WHERE is_archived = 0) AS "all",
       (SELECT COUNT(*) FROM conversations
         WHERE is_archived = 0 AND unread_count > 0) AS unread,
       (SELECT COUNT(*) FROM conversations WHERE is_archived = 0 AND is_pinned = 1) AS pinned,
       (SELECT COUNT(*) FROM conversations WHERE is_archived = 0 AND is_muted = 1) AS muted,
       (SELECT COUNT(*) FROM conversations WHERE is_archived = 1) AS archived,
       (SELECT COUNT(*) FROM conversations
         WHERE is_archived = 1 AND unread_count > 0) AS archivedUnread,
       (SELECT COALESCE(SUM(unread_count), 0) FROM conversations
         WHERE is_archived = 0 AND unread_count > 0 AND is_muted = 0) AS unreadTotal`,
  ).get() as Omit<ConversationCounts, 'groups'>;
  // Every group, archived ones too: the group filter is how an archived group is found.
  const groups = statement(
    db,
    `SELECT group_id AS groupId,
       COALESCE(MIN(local_name), group_id) AS title,
       COALESCE(SUM(CASE WHEN is_muted = 0 THEN unread_count END), 0) AS unread,
       MIN(is_archived) AS archived
     FROM conversations
     WHERE group_id IS NOT NULL
     GROUP BY group_id
     ORDER BY title COLLATE NOCASE, group_id`,
  ).all() as (Omit<ConversationCounts['groups'][number], 'archived'> & { archived: number })[];
  return {
    ...totals,
    groups: groups.map((group) => ({ ...group, archived: group.archived === 1 })),
  };
}
