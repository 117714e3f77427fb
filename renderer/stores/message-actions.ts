import type { AttachmentInput, MessageView } from '../../shared/model/message.ts';
import { call } from '../ipc/parley.ts';
import { attempt } from './notice-store.ts';
import { useRecentReactions } from './recent-reactions-store.ts';
import { useThread } from './thread-store.ts';
import { confirm } from './ui-store.ts';

export async function sendMessage(
  conversationId: string,
  text: string,
  attachments: AttachmentInput[] = [],
): Promise<boolean> {
  const sent = await attempt(() => call('messages:send', { conversationId, text, attachments }));
  if (sent) void useThread.getState().jumpToLatest();
  return sent !== undefined;
}

export async function editMessage(messageId: string, text: string): Promise<boolean> {
  return (await attempt(() => call('messages:edit', { messageId, text }))) !== undefined;
}

export function toggleReaction(message: MessageView, reaction: string) {
  const mine = message.reactions.some((r) => r.name === reaction && r.mine);
  if (!mine) useRecentReactions.getState().remember(reaction);
  return attempt(() => call('messages:react', { messageId: message.id, reaction, add: !mine }));
}

export function askDeleteMessage(message: MessageView) {
  confirm({
    title: 'Delete this message?',
    body:
      message.state === 'synced'
        ? 'This permanently deletes the message for everyone in the conversation. It cannot be undone.'
        : 'It has not been sent yet, and will not be. If it reached the server before the ' +
          'connection went, it is deleted for everyone there too. It cannot be undone.',
    confirmLabel: 'Delete permanently',
    onConfirm: () => attempt(() => call('messages:delete', { messageId: message.id })),
  });
}

export function pinMessage(conversationId: string, messageId: string | null) {
  return attempt(() => call('conversations:pinMessage', { conversationId, messageId }));
}
