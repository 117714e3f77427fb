import { useConversationList } from '../../stores/conversation-list-store.ts';
import { useUi } from '../../stores/ui-store.ts';
import { Icon } from '../common/icon.tsx';
import { ConversationList } from '../conversation-list/conversation-list.tsx';
import { ListFilters } from '../conversation-list/list-filters.tsx';
import { MessageResults } from '../search/message-results.tsx';
import { SearchBox } from '../search/search-box.tsx';
import { ConnectionBanner, ConnectionFooter } from './connection-banner.tsx';

export function Sidebar() {
  const query = useConversationList((s) => s.query.trim());
  const openDialog = useUi((s) => s.openDialog);
  return (
    <aside className="sidebar" aria-label="Conversations">
      <header className="sidebar-header">
        <h1>Parley</h1>
        <button
          type="button"
          className="icon-button"
          aria-label="New conversation"
          title="New conversation (Ctrl+N)"
          aria-keyshortcuts="Control+N"
          onClick={() => openDialog({ kind: 'new-conversation' })}
        >
          <Icon name="compose" />
        </button>
      </header>
      <SearchBox />
      <ConnectionBanner />
      {query ? (
        <div className="search-results">
          <h2 className="section-title">Conversations</h2>
          <ConversationList />
          <MessageResults key={query} query={query} />
        </div>
      ) : (
        <>
          <ListFilters />
          <ConversationList />
        </>
      )}
      <ConnectionFooter />
    </aside>
  );
}
