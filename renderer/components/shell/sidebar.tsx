import { Suspense } from 'react';
import { deferred } from '../../lib/deferred-component.ts';
import { ariaKeys, comboLabel } from '../../lib/keyboard-shortcuts.ts';
import { useConversationList } from '../../stores/conversation-list-store.ts';
import { useMessageSearch } from '../../stores/message-search.ts';
import { useUi } from '../../stores/ui-store.ts';
import { Icon } from '../common/icon.tsx';
import { ConversationList } from '../conversation-list/conversation-list.tsx';
import { ListFilters } from '../conversation-list/list-filters.tsx';
import { SearchBox } from '../search/search-box.tsx';
import { ConnectionBanner, ConnectionFooter } from './connection-banner.tsx';
import { KeptUnsent } from './kept-unsent.tsx';
import { SidebarSplitter } from './sidebar-splitter.tsx';

const SIDEBAR_ID = 'conversation-sidebar';

// Search results are not part of the first screen.
const MessageResults = deferred(() =>
  import('../search/message-results.tsx').then((m) => m.MessageResults),
);

export function Sidebar() {
  const query = useConversationList((s) => s.query.trim());
  const scope = useMessageSearch((s) => s.scope);
  const openDialog = useUi((s) => s.openDialog);
  return (
    <aside id={SIDEBAR_ID} className="sidebar" aria-label="Conversations">
      <header className="sidebar-header">
        <h1>Parley</h1>
        <button
          type="button"
          className="icon-button"
          aria-label="New conversation"
          title={`New conversation (${comboLabel('Mod+N')})`}
          aria-keyshortcuts={ariaKeys('Mod+N')}
          onClick={() => openDialog({ kind: 'new-conversation' })}
        >
          <Icon name="compose" />
        </button>
      </header>
      <SearchBox />
      <ConnectionBanner />
      <KeptUnsent />
      {scope ? (
        <div className="search-results">
          {query ? (
            <Suspense fallback={null}>
              <MessageResults key={`${scope.conversationId}\n${query}`} query={query} />
            </Suspense>
          ) : (
            <p className="list-empty">Type to search the messages of this conversation.</p>
          )}
        </div>
      ) : query ? (
        <div className="search-results">
          <h2 className="section-title">Conversations</h2>
          <ConversationList />
          <Suspense fallback={null}>
            <MessageResults key={query} query={query} />
          </Suspense>
        </div>
      ) : (
        <>
          <ListFilters />
          <ConversationList />
        </>
      )}
      <ConnectionFooter />
      <SidebarSplitter controls={SIDEBAR_ID} />
    </aside>
  );
}
