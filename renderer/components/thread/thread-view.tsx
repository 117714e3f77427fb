import { useThread } from '../../stores/thread-store.ts';
import { Composer } from '../composer/composer.tsx';
import { ConversationProblems } from './conversation-problems.tsx';
import { FirstRunWelcome } from './first-run-welcome.tsx';
import { MessageList } from './message-list.tsx';
import { PinnedBanner } from './pinned-banner.tsx';
import { ThreadHeader } from './thread-header.tsx';
import { InlineError } from '../common/fields.tsx';
import { comboLabel } from '../../lib/keyboard-shortcuts.ts';

export function ThreadView() {
  const conversationId = useThread((s) => s.conversationId);
  const openedAs = useThread((s) => s.openedAs);
  const conversation = useThread((s) => s.conversation);
  const status = useThread((s) => s.status);
  const error = useThread((s) => s.error);
  const pinnedMessage = useThread((s) => s.pinnedMessage);
  const itemCount = useThread((s) => s.items.length);

  if (!conversationId) {
    return (
      <section className="thread empty-thread" aria-label="No conversation open">
        <FirstRunWelcome />
        <p>Select a conversation on the left, or start one with {comboLabel('Mod+N')}.</p>
        <p className="hint">
          {comboLabel('Mod+K')} jumps to any conversation by name; {comboLabel('Mod+/')} lists every
          key.
        </p>
      </section>
    );
  }
  return (
    <section
      className="thread"
      aria-label={conversation ? `Conversation with ${conversation.title}` : 'Conversation'}
    >
      {conversation && <ThreadHeader conversation={conversation} />}
      {conversation?.pinnedMessageId && (
        <PinnedBanner
          conversationId={conversation.id}
          messageId={conversation.pinnedMessageId}
          message={pinnedMessage}
        />
      )}
      {conversation && <ConversationProblems conversation={conversation} />}
      <InlineError>{error}</InlineError>
      {status === 'loading' && (
        <p className="thread-loading" role="status">
          Loading messages…
        </p>
      )}
      {status === 'ready' && itemCount === 0 && (
        <p className="thread-empty">
          No messages here yet. Write the first one below: it shows at once and goes to the server
          as soon as it can.
        </p>
      )}
      {/* Mounted with its first page, so its first render is already at the newest messages.
          Neither it nor the composer is mounted afresh when the server confirms a conversation
          started here: the list keeps its scroll and the keyboard's place, and what is being
          written, a link half typed in the attach form too, goes on under the server's id. */}
      {status === 'ready' && <MessageList key={`messages-${openedAs}`} />}
      {status !== 'error' && (
        <Composer key={`composer-${openedAs}`} conversationId={conversationId} />
      )}
    </section>
  );
}
