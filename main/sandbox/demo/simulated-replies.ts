import type { MessageRow } from '../store/messages.ts';
import type { Workspace } from '../store/workspace.ts';
import { ANSWERS, REPLIES } from './demo-content.ts';

/**
 * Simulated contacts answer: when a user's message reaches a conversation with
 * simulated contacts, one of them reads it (read_at) and replies after
 * `delayMs`, so a polling client visibly receives something.
 */
export function createSimulatedReplies(options: {
  workspace: Workspace;
  delayMs: number;
  now: () => number;
  log?: (line: string) => void;
}) {
  const { workspace, delayMs } = options;
  const timers = new Set<NodeJS.Timeout>();
  let replies = 0;

  const reply = (message: MessageRow, responderId: string) => {
    replies += 1;
    const pool = message.body.trim().endsWith('?') ? ANSWERS : REPLIES;
    try {
      workspace.send({
        senderId: responderId,
        conversationId: message.conversation_id,
        body: pool[replies % pool.length] as string,
        at: options.now(),
      });
    } catch (error) {
      options.log?.(`simulated reply failed: ${(error as Error).message}`);
    }
  };

  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };

  return {
    onMessageSent(message: MessageRow): void {
      const sender = workspace.directory.getContact(message.sender_id);
      if (!sender || sender.simulated === 1) return;
      const responders = workspace.conversations
        .recipients(message.conversation_id)
        .filter((id) => workspace.directory.getContact(id)?.simulated === 1);
      const responder = responders[replies % Math.max(1, responders.length)];
      if (responder === undefined) return;
      // The contact reads it first: the sender sees "Read", then the answer.
      later(delayMs / 2, () => workspace.messages.markRead([message.id], responder, options.now()));
      later(delayMs, () => reply(message, responder));
    },
    stop(): void {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
