import { useEffect } from 'react';
import { askMarkAllRead } from '../../stores/conversation-actions.ts';
import { useMessageSearch, type SearchScope } from '../../stores/message-search.ts';
import { openNeighbour, openNeighbourUnread } from '../../stores/navigation.ts';
import { useThread } from '../../stores/thread-store.ts';
import { useUi } from '../../stores/ui-store.ts';
import { ACTIVITY_SEARCH_ID } from '../activity/activity-search-id.ts';
import { SEARCH_BOX_ID } from '../search/search-box.tsx';

/**
 * Ctrl/Cmd+K quick switcher, Ctrl/Cmd+N new conversation, Ctrl/Cmd+, settings,
 * Ctrl/Cmd+/ the keyboard shortcuts (as in Slack, Element and Discord),
 * Ctrl/Cmd+F the search box (as in Signal, Telegram and every browser),
 * Ctrl/Cmd+Shift+F a search of the open conversation (in Activity, Activity's),
 * Alt+Up/Down previous/next conversation, Alt+Shift+Up/Down previous/next
 * unread one (as in Slack and Element), Shift+Esc mark all as read (as in
 * Slack). Esc is the dialogs' own.
 */
export function useGlobalShortcuts(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const ui = useUi.getState();
      const command = event.ctrlKey || event.metaKey;
      if (command && !event.altKey && (event.key === 'f' || event.key === 'F')) {
        if (ui.dialog.kind !== 'none') return;
        event.preventDefault();
        // With Shift, the open conversation only (as Slack's Cmd+F and Telegram's Ctrl+F do).
        if (event.shiftKey && ui.view === 'activity') {
          focusSearch(ACTIVITY_SEARCH_ID);
          return;
        }
        const open = event.shiftKey ? openConversationScope() : null;
        if (open) useMessageSearch.getState().setScope(open);
        else focusSearch(SEARCH_BOX_ID);
        return;
      }
      // By the character, not the key's place: where US keyboards have '/', German ones have the
      // '-' of Ctrl+- (zoom out).
      if (command && !event.altKey && event.key === '/') {
        event.preventDefault();
        ui.openDialog({ kind: 'shortcuts' });
        return;
      }
      if (command && !event.altKey && !event.shiftKey) {
        const dialog =
          event.key === 'k' || event.key === 'K'
            ? ('quick-switcher' as const)
            : event.key === 'n' || event.key === 'N'
              ? ('new-conversation' as const)
              : event.key === ','
                ? ('settings' as const)
                : null;
        if (!dialog) return;
        event.preventDefault();
        ui.openDialog({ kind: dialog });
        return;
      }
      if (event.key === 'Escape' && event.shiftKey && !command && !event.altKey) {
        if (ui.dialog.kind !== 'none') return;
        event.preventDefault();
        askMarkAllRead();
        return;
      }
      if (event.altKey && !command && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
        if (ui.dialog.kind !== 'none') return;
        event.preventDefault();
        const step = event.key === 'ArrowUp' ? -1 : 1;
        void (event.shiftKey ? openNeighbourUnread(step) : openNeighbour(step));
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}

/** The open conversation, as a search of it names it; null when none is open. */
function openConversationScope(): SearchScope | null {
  const { conversationId, conversation } = useThread.getState();
  if (conversationId === null) return null;
  return { conversationId, title: conversation?.title ?? conversationId };
}

/** Into the search box with what it holds selected, so typing replaces it and Esc clears it. */
function focusSearch(id: string) {
  const box = document.getElementById(id);
  if (!(box instanceof HTMLInputElement)) return;
  box.focus();
  box.select();
}
