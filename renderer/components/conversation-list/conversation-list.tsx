import { useEffect, useId, useState } from 'react';
import type { ConversationSummary } from '../../../shared/model/conversation.ts';
import {
  conversationAt,
  conversationIndex,
  useConversationList,
} from '../../stores/conversation-list-store.ts';
import { askMarkAllRead } from '../../stores/conversation-actions.ts';
import { openConversation } from '../../stores/navigation.ts';
import { plural } from '../../lib/format.ts';
import { useThread } from '../../stores/thread-store.ts';
import { MenuPopup, type MenuAnchor } from '../common/menu.tsx';
import { useOffsetWindow } from '../common/use-offset-window.ts';
import { conversationMenuEntries } from './conversation-menu.ts';
import { ConversationRow } from './conversation-row.tsx';
import { InlineError } from '../common/fields.tsx';
import { comboLabel } from '../../lib/keyboard-shortcuts.ts';

const ROW_HEIGHT = 68;
/** In search results the matches share the pane with the messages found: at most this many rows show at once. */
const SEARCH_ROWS = 4;
export const CONVERSATION_LIST_ID = 'conversation-list';

/** What each empty list is, and how something gets into it. */
const EMPTY_TEXT = {
  all: `No conversations yet. Start one with the pencil button above or ${comboLabel('Mod+N')}.`,
  unread: 'Nothing unread. A conversation shows here when a new message comes in.',
  pinned: 'No pinned conversations. Pin one from its menu (right-click it) to keep it at the top.',
  muted:
    'No muted conversations. Mute one from its menu (right-click it) to silence its notifications.',
  archived:
    'No archived conversations. Archive one from its menu (right-click it) to keep it out of All without deleting it.',
} as const;

/**
 * The conversation list: a listbox whose rows are fetched in offset windows
 * as they scroll into view, so 10,000 conversations cost what a screenful does.
 */
export function ConversationList() {
  const total = useConversationList((s) => s.total);
  const pages = useConversationList((s) => s.pages);
  const filter = useConversationList((s) => s.filter);
  const query = useConversationList((s) => s.query);
  const error = useConversationList((s) => s.error);
  const setVisible = useConversationList((s) => s.setVisible);
  const reveal = useConversationList((s) => s.reveal);
  const openId = useThread((s) => s.conversationId);
  const unread = useConversationList((s) => s.counts?.unread ?? 0);
  /**
   * The keyboard's row, kept by its conversation: rows move under it (a message
   * lifts its conversation to the top, a pin moves one up), and Enter must open
   * the conversation the user stopped on. Its last place stands in while its
   * row is not loaded, or once it has left the list.
   */
  const [active, setActive] = useState<{ id: string | null; index: number }>({
    id: null,
    index: 0,
  });
  const [menu, setMenu] = useState<{
    conversation: ConversationSummary;
    anchor: MenuAnchor;
  } | null>(null);
  const baseId = useId();

  const { scrollRef, virtualizer, rows } = useOffsetWindow({
    total,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    setVisible,
  });

  // Alt+Up/Down moves the open conversation: the list follows it, as a selection should.
  const [revealed, setRevealed] = useState(reveal?.nonce);
  if (reveal && reveal.nonce !== revealed) {
    setRevealed(reveal.nonce);
    setActive({ id: conversationAt(pages, reveal.index)?.id ?? null, index: reveal.index });
  }
  useEffect(() => {
    if (reveal) virtualizer.scrollToIndex(reveal.index);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal?.nonce]);

  const found = active.id === null ? -1 : conversationIndex(pages, active.id);
  if (found >= 0 && found !== active.index) setActive({ id: active.id, index: found });
  const activeIndex = Math.min(found >= 0 ? found : active.index, Math.max(0, total - 1));
  const activeConversation = conversationAt(pages, activeIndex);
  const activate = (index: number) =>
    setActive({ id: conversationAt(pages, index)?.id ?? null, index });

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(total - 1, index));
    activate(next);
    virtualizer.scrollToIndex(next);
  };

  const openMenu = (conversation: ConversationSummary, anchor: MenuAnchor) =>
    setMenu({ conversation, anchor });

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / ROW_HEIGHT));
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(activeIndex + 1),
      ArrowUp: () => moveTo(activeIndex - 1),
      PageDown: () => moveTo(activeIndex + pageRows),
      PageUp: () => moveTo(activeIndex - pageRows),
      Home: () => moveTo(0),
      End: () => moveTo(total - 1),
      Enter: () => activeConversation && openConversation(activeConversation.id),
      ' ': () => activeConversation && openConversation(activeConversation.id),
      ContextMenu: () => activeConversation && openMenuAtRow(activeConversation, activeIndex),
    };
    const action =
      event.key === 'F10' && event.shiftKey
        ? keys.ContextMenu
        : event.shiftKey
          ? undefined
          : keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const openMenuAtRow = (conversation: ConversationSummary, index: number) => {
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    const rect = row?.getBoundingClientRect();
    openMenu(conversation, rect ? { x: rect.left + 60, y: rect.bottom - 8 } : { x: 80, y: 80 });
  };

  const rowFromEvent = (event: React.MouseEvent) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    return row ? Number(row.dataset.index) : null;
  };

  // A search lists its matches above the messages found, so the list is as tall as its rows.
  const height = query ? Math.min(total, SEARCH_ROWS) * ROW_HEIGHT : undefined;

  return (
    <div className="conversation-list-wrap">
      <InlineError>{error}</InlineError>
      {filter === 'unread' && !query && unread > 0 && (
        <div className="list-bulk">
          <span>{plural(unread, 'unread conversation')}</span>
          <button type="button" className="link-button" onClick={askMarkAllRead}>
            Mark all as read
          </button>
        </div>
      )}
      <div
        ref={scrollRef}
        id={CONVERSATION_LIST_ID}
        className="conversation-list"
        style={height === undefined ? undefined : { height, flex: 'none' }}
        hidden={total === 0}
        role="listbox"
        aria-label={query ? 'Matching conversations' : 'Conversations'}
        aria-activedescendant={activeConversation ? `${baseId}-${activeIndex}` : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          const index = rowFromEvent(event);
          const conversation = index === null ? undefined : conversationAt(pages, index);
          if (index === null || !conversation) return;
          activate(index);
          openConversation(conversation.id);
        }}
        onContextMenu={(event) => {
          const index = rowFromEvent(event);
          const conversation = index === null ? undefined : conversationAt(pages, index);
          if (index === null || !conversation) return;
          event.preventDefault();
          activate(index);
          openMenu(conversation, { x: event.clientX, y: event.clientY });
        }}
      >
        <div className="virtual-space" style={{ height: virtualizer.getTotalSize() }}>
          {rows.map((row) => {
            const conversation = conversationAt(pages, row.index);
            return (
              <div
                key={row.key}
                data-index={row.index}
                className="virtual-row"
                style={{ transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }}
              >
                {conversation ? (
                  <ConversationRow
                    conversation={conversation}
                    domId={`${baseId}-${row.index}`}
                    selected={conversation.id === openId}
                    active={row.index === activeIndex}
                  />
                ) : (
                  <div className="conversation-row placeholder" aria-hidden="true" />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {total === 0 && !error && (
        <p className="list-empty">
          {query
            ? `No conversation matches “${query.trim()}”. Conversations match by name or id.`
            : EMPTY_TEXT[filter]}
        </p>
      )}
      {menu && (
        <MenuPopup
          label={`Actions for ${menu.conversation.title}`}
          entries={conversationMenuEntries(menu.conversation)}
          anchor={menu.anchor}
          onClose={() => setMenu(null)}
        />
      )}
    </div>
  );
}
