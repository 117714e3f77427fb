import type { ConversationSummary } from '../../shared/model/conversation.ts';

/** "Group", with the group's id when the name shown is another one (a local name). */
export function groupWords(conversation: ConversationSummary): string {
  return conversation.groupId === conversation.title ? 'Group' : `Group ${conversation.groupId}`;
}

/**
 * Who a message in a one-line summary is from: "You" for the user's own, the
 * sender in a group; nobody in a one-to-one conversation, whose title already
 * names the other person.
 */
export function summarySender(message: {
  own: boolean;
  senderName: string;
  inGroup: boolean;
}): string | null {
  if (message.own) return 'You';
  return message.inGroup ? message.senderName : null;
}
