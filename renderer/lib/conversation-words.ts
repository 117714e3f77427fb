import type { ConversationSummary } from '../../shared/model/conversation.ts';

/** "Group", with the group's id when the name shown is another one (a local name). */
export function groupWords(conversation: ConversationSummary): string {
  return conversation.groupId === conversation.title ? 'Group' : `Group ${conversation.groupId}`;
}
