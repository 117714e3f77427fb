import { useEffect, useState } from 'react';
import { LIMITS } from '../../../shared/model/limits.ts';
import { useConversationList } from '../../stores/conversation-list-store.ts';
import { Icon } from '../common/icon.tsx';

const SEARCH_AFTER_MS = 250;

/** Filters the conversation list and searches messages, as Signal's search box does. */
export function SearchBox() {
  const query = useConversationList((s) => s.query);
  const setQuery = useConversationList((s) => s.setQuery);
  const [text, setText] = useState(query);

  useEffect(() => {
    if (text === query) return;
    const timer = setTimeout(() => setQuery(text), SEARCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text, query, setQuery]);

  return (
    <div className="search-box" role="search">
      <Icon name="search" size={16} />
      <input
        type="search"
        aria-label="Search"
        placeholder="Search"
        value={text}
        maxLength={LIMITS.queryLength}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text) {
            event.preventDefault();
            setText('');
            setQuery('');
          }
        }}
      />
    </div>
  );
}
