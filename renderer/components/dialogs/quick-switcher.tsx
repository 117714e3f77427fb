import { useEffect, useId, useState } from 'react';
import type { ConversationSummary } from '../../../shared/model/conversation.ts';
import { LIMITS } from '../../../shared/model/limits.ts';
import { describeError } from '../../ipc/errors.ts';
import { findConversations } from '../../stores/conversation-actions.ts';
import { openConversation } from '../../stores/navigation.ts';
import { Avatar } from '../common/avatar.tsx';
import { Modal } from '../common/modal.tsx';
import { OptionList, optionId } from '../common/option-list.tsx';
import { useActiveOption } from '../common/use-active-option.ts';
import { usePendingKey } from '../common/use-pending-key.ts';
import { InlineError } from '../common/fields.tsx';

const SHOWN = 12;

/**
 * Ctrl/Cmd+K: type part of a name, Enter opens the top match. With `onChoose`
 * it picks a conversation for something else (where kept text goes).
 */
export function QuickSwitcher({
  onClose,
  title = 'Go to conversation',
  onChoose = openConversation,
}: {
  onClose(): void;
  title?: string;
  onChoose?(conversationId: string): void;
}) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<ConversationSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [resultsFor, setResultsFor] = useState<string | null>(null);
  const listId = useId();

  useEffect(() => {
    let live = true;
    findConversations(query, SHOWN).then(
      (items) => {
        if (!live) return;
        setResults(items);
        setResultsFor(query);
        setError(null);
      },
      (failure) => live && setError(describeError(failure)),
    );
    return () => {
      live = false;
    };
  }, [query]);

  const open = (index: number) => {
    const conversation = results[index];
    if (!conversation) return;
    onClose();
    onChoose(conversation.id);
  };
  const { active, setActive, onKeyDown } = useActiveOption(results.length, open);
  const pendingEnter = usePendingKey(resultsFor === query, () => open(active));

  return (
    <Modal title={title} onClose={onClose} className="quick-switcher">
      <input
        data-autofocus
        type="text"
        role="combobox"
        aria-label="Conversation name"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? optionId(listId, active) : undefined}
        placeholder="Type a name"
        value={query}
        maxLength={LIMITS.queryLength}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          pendingEnter.drop();
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !pendingEnter.hold(event)) onKeyDown(event);
        }}
      />
      <InlineError>{error}</InlineError>
      <OptionList
        id={listId}
        label="Conversations"
        options={results}
        keyOf={(conversation) => conversation.id}
        active={active}
        onActivate={setActive}
        onPick={open}
      >
        {(conversation) => (
          <>
            <Avatar name={conversation.title} url={conversation.avatarUrl} size={28} />
            <span className="suggestion-name">{conversation.title}</span>
            {conversation.unreadCount > 0 && (
              <span className="badge">{conversation.unreadCount}</span>
            )}
          </>
        )}
      </OptionList>
      {results.length === 0 && !error && <p className="hint">No conversation matches.</p>}
    </Modal>
  );
}
