import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import { ariaKeys, comboLabel } from '../../lib/keyboard-shortcuts.ts';
import { conversationAt, useConversationList } from '../../stores/conversation-list-store.ts';
import { useMessageSearch } from '../../stores/message-search.ts';
import { openConversation } from '../../stores/navigation.ts';
import { Icon } from '../common/icon.tsx';
import { ServerText } from '../common/untrusted-text.tsx';
import { usePendingKey } from '../common/use-pending-key.ts';
import { CONVERSATION_LIST_ID } from '../conversation-list/conversation-list.tsx';

const SEARCH_AFTER_MS = 250;
/** Ctrl/Cmd+F focuses it. */
export const SEARCH_BOX_ID = 'search-box';
/** The messages found, for Down in a search of one conversation to move into. */
export const MESSAGE_RESULTS_ID = 'message-results';

/**
 * Filters the conversation list and searches messages, as Signal's search box
 * does. Down moves into the matching conversations; Enter opens the first.
 * Searching one conversation ("Search in conversation" from its menu), it
 * shows which as a chip that Backspace or Esc in the empty box removes, and
 * Down and Enter go to the messages found.
 */
export function SearchBox() {
  const query = useConversationList((s) => s.query);
  const setQuery = useConversationList((s) => s.setQuery);
  const scope = useMessageSearch((s) => s.scope);
  const setScope = useMessageSearch((s) => s.setScope);
  const [text, setText] = useState(query);
  const input = useRef<HTMLInputElement>(null);
  const listed = useConversationList((s) => s.pages[0] !== undefined || s.error !== null);
  const found = useMessageSearch((s) => s.query === query.trim() || s.error !== null);
  const moveIntoList = () => {
    const list = document.getElementById(scope ? MESSAGE_RESULTS_ID : CONVERSATION_LIST_ID);
    const first = scope ? list?.querySelector<HTMLElement>('.hit') : list;
    if (first && !list?.hidden) first.focus();
  };
  const openFirst = () => {
    if (scope) {
      const hit = useMessageSearch.getState().hits[0];
      if (hit) openConversation(hit.conversationId, hit.messageId);
      return;
    }
    const first = conversationAt(useConversationList.getState().pages, 0);
    if (first) openConversation(first.id);
  };
  const actOn = (key: string) => (key === 'Enter' ? openFirst() : moveIntoList());
  const pendingKey = usePendingKey(text === query && (scope ? found : listed), actOn);

  useEffect(() => {
    if (text === query) return;
    const timer = setTimeout(() => setQuery(text), SEARCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text, query, setQuery]);

  // Chosen from a conversation's menu: the words go straight in.
  useEffect(() => {
    if (scope) input.current?.focus();
  }, [scope]);

  const searchEverywhere = () => {
    setScope(null);
    input.current?.focus();
  };

  return (
    <div className="search-box" role="search">
      <Icon name="search" size={16} />
      {scope && (
        <span className="search-scope">
          In <ServerText text={scope.title} max={40} />
          <button
            type="button"
            className="search-scope-clear"
            aria-label="Search all conversations"
            title="Search all conversations"
            onClick={searchEverywhere}
          >
            <Icon name="close" size={12} />
          </button>
        </span>
      )}
      <input
        ref={input}
        id={SEARCH_BOX_ID}
        type="search"
        aria-label={scope ? `Search in ${scope.title}` : 'Search'}
        aria-keyshortcuts={ariaKeys(scope ? 'Mod+Shift+F' : 'Mod+F')}
        title={
          scope
            ? `Search this conversation’s messages (${comboLabel('Mod+Shift+F')})`
            : `Search conversations and messages (${comboLabel('Mod+F')})`
        }
        placeholder={scope ? 'Search messages' : 'Search'}
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
          } else if ((event.key === 'Escape' || event.key === 'Backspace') && !text && scope) {
            event.preventDefault();
            searchEverywhere();
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
