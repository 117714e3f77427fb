import type { AttachmentInput, MessageView } from '../../shared/model/message.ts';
import { LIMITS } from '../../shared/model/limits.ts';
import { call } from '../ipc/parley.ts';
import { plural } from '../lib/format.ts';
import { quoteFor, withQuote } from '../lib/quotes.ts';
import { useDrafts } from './draft-store.ts';
import { editingIn, useEdits } from './edit-store.ts';
import { openConversation } from './navigation.ts';
import { attempt, useNotices } from './notice-store.ts';
import { useRecentReactions } from './recently-used.ts';
import { useThread } from './thread-store.ts';
import { confirm, useUi } from './ui-store.ts';

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

/**
 * "Quote": the message, or the part of it selected, quoted at the end of what
 * the composer holds (the edit in progress, else the draft), the caret on the
 * line below for the reply. The API has no replies, so a quote is how one
 * message answers another, as in email and Slack.
 */
export function quoteMessage(message: MessageView, selected: string) {
  const quote = quoteFor(selected || message.text);
  const { conversationId } = message;
  const edits = useEdits.getState();
  const editing = editingIn(conversationId)(edits);
  if (editing) {
    edits.set(conversationId, { ...editing, text: withQuote(editing.text, quote) });
  } else {
    const drafts = useDrafts.getState();
    drafts.setDraft(conversationId, withQuote(drafts.drafts[conversationId] ?? '', quote));
  }
  useUi.getState().focusComposer();
}

/** What of a message's attachments can be sent again: those with a web link, as the API takes them. */
export function forwardable(message: MessageView): AttachmentInput[] {
  return message.attachments.flatMap((attachment): AttachmentInput[] =>
    attachment.url === null
      ? []
      : [
          {
            name: (attachment.name || 'attachment').slice(0, LIMITS.nameLength),
            url: attachment.url,
            ...(attachment.mimeType ? { mime_type: attachment.mimeType } : {}),
            ...(Number.isInteger(attachment.size) ? { size: attachment.size as number } : {}),
          },
        ],
  );
}

/**
 * "Forward…": the message's text and attachments sent again, through the
 * outbox, in the conversation chosen, which opens to show it on its way. The
 * API has no forwarding of its own, so it is a new message from the user.
 */
export async function forwardMessage(message: MessageView, conversationId: string) {
  const attachments = forwardable(message);
  openConversation(conversationId);
  if (!(await sendMessage(conversationId, message.text, attachments))) return;
  const left = message.attachments.length - attachments.length;
  useNotices
    .getState()
    .push(
      left > 0 ? 'warning' : 'info',
      left > 0
        ? `Forwarded without ${plural(left, 'attachment')} that had no web link to send.`
        : 'Forwarded',
    );
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
