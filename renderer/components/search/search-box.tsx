import { useEffect, useState } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import { conversationAt, useConversationList } from '../../stores/conversation-list-store.ts';
import { openConversation } from '../../stores/navigation.ts';
import { Icon } from '../common/icon.tsx';
import { usePendingKey } from '../common/use-pending-key.ts';
import { CONVERSATION_LIST_ID } from '../conversation-list/conversation-list.tsx';

const SEARCH_AFTER_MS = 250;
/** Ctrl/Cmd+F focuses it. */
export const SEARCH_BOX_ID = 'search-box';

/**
 * Filters the conversation list and searches messages, as Signal's search box
 * does. Down moves into the matching conversations; Enter opens the first.
 */
export function SearchBox() {
  const query = useConversationList((s) => s.query);
  const setQuery = useConversationList((s) => s.setQuery);
  const [text, setText] = useState(query);
  const listed = useConversationList((s) => s.pages[0] !== undefined || s.error !== null);
  const moveIntoList = () => {
    const list = document.getElementById(CONVERSATION_LIST_ID);
    if (list && !list.hidden) list.focus();
  };
  const openFirst = () => {
    const first = conversationAt(useConversationList.getState().pages, 0);
    if (first) openConversation(first.id);
  };
  const actOn = (key: string) => (key === 'Enter' ? openFirst() : moveIntoList());
  const pendingKey = usePendingKey(text === query && listed, actOn);

  useEffect(() => {
    if (text === query) return;
    const timer = setTimeout(() => setQuery(text), SEARCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text, query, setQuery]);

  return (
    <div className="search-box" role="search">
      <Icon name="search" size={16} />
      <input
        id={SEARCH_BOX_ID}
        type="search"
        aria-label="Search"
        aria-keyshortcuts="Control+F"
        title="Search conversations and messages (Ctrl+F)"
        placeholder="Search"
        value={text}
        maxLength={LIMITS.queryLength}
        onChange={(event) => {
          setText(event.target.value);
          pendingKey.drop();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text) {
            event.preventDefault();
            setText('');
            setQuery('');
          } else if (
            (event.key === 'ArrowDown' && !event.altKey) ||
            (event.key === 'Enter' && text.trim())
          ) {
            // Down and Enter search now, without waiting for the pause after typing.
            if (text !== query) setQuery(text);
            if (pendingKey.hold(event)) return;
            event.preventDefault();
            actOn(event.key);
          }
        }}
      />
    </div>
  );
}
