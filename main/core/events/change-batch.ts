import type { ChangesEvent } from '../../../shared/ipc/events.ts';

/**
 * Collects what one sync round or one write changed, so the renderer gets a
 * single `changes` event listing ids instead of one event per message.
 */
export class ChangeBatch {
  private readonly conversations = new Set<string>();
  private readonly removedConversations = new Set<string>();
  private readonly threads = new Set<string>();
  private readonly removedMessages = new Set<string>();
  private readonly replacedIds = new Map<string, string>();

  conversation(id: string): this {
    this.conversations.add(id);
    return this;
  }

  removedConversation(id: string): this {
    this.removedConversations.add(id);
    this.conversations.delete(id);
    return this;
  }

  thread(conversationId: string): this {
    this.threads.add(conversationId);
    this.conversations.add(conversationId);
    return this;
  }

  removedMessage(id: string, conversationId: string): this {
    this.removedMessages.add(id);
    return this.thread(conversationId);
  }

  replaced(from: string, to: string): this {
    this.replacedIds.set(from, to);
    return this;
  }

  /** Takes in what another batch of this thread collected. */
  merge(other: ChangeBatch): this {
    for (const id of other.conversations) this.conversations.add(id);
    for (const id of other.threads) this.threads.add(id);
    for (const id of other.removedMessages) this.removedMessages.add(id);
    for (const id of other.removedConversations) this.removedConversation(id);
    for (const [from, to] of other.replacedIds) this.replacedIds.set(from, to);
    return this;
  }

  /** Takes in what another batch collected (one built on another thread, sent as its event). */
  absorb(event: ChangesEvent): this {
    for (const id of event.conversations) this.conversation(id);
    for (const id of event.threads) this.thread(id);
    for (const id of event.removedMessages) this.removedMessages.add(id);
    for (const id of event.removedConversations) this.removedConversation(id);
    for (const { from, to } of event.replacedIds) this.replaced(from, to);
    return this;
  }

  get isEmpty(): boolean {
    return (
      this.conversations.size +
        this.removedConversations.size +
        this.threads.size +
        this.removedMessages.size +
        this.replacedIds.size ===
      0
    );
  }

  toEvent(): ChangesEvent {
    return {
      type: 'changes',
      conversations: [...this.conversations],
      removedConversations: [...this.removedConversations],
      threads: [...this.threads],
      removedMessages: [...this.removedMessages],
      replacedIds: [...this.replacedIds].map(([from, to]) => ({ from, to })),
    };
  }
}
