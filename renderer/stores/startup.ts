import { preloadDeferred } from '../lib/deferred-component.ts';
import { startClock } from './clock-store.ts';
import { connectCoreEvents } from './core-events.ts';
import { useConversationList } from './conversation-list-store.ts';
import { useDesktop } from './desktop-store.ts';
import { useDrafts } from './draft-store.ts';
import { useEdits } from './edit-store.ts';
import { reportError } from './notice-store.ts';
import { useKeptUnsent } from './kept-unsent-store.ts';
import { keepLastPlace } from './last-place.ts';
import { followOpenConversation } from './navigation.ts';
import { useOutbox } from './outbox-store.ts';
import { useSession } from './session-store.ts';
import { useSettings } from './settings-store.ts';
import { useThread } from './thread-store.ts';

/**
 * What the first screen needs, asked for all at once and before React mounts:
 * the conversation list's first page does not wait for the session's answer
 * and a render. Signed out, the list's answer is simply never shown, and
 * signing in starts the list afresh.
 */
export function startApp(): void {
  connectCoreEvents();
  startClock();
  followOpenConversation();
  keepLastPlace();
  // What was typed in the last half second is saved before the window goes (Quit, reload), and
  // where the open thread was read up to.
  window.addEventListener('pagehide', () => {
    useDrafts.getState().flushAll();
    useEdits.getState().flushAll();
    useThread.getState().keepPlace();
  });
  void useSettings.getState().load();
  useDesktop.getState().load().catch(reportError);
  void useOutbox.getState().refresh();
  void useKeptUnsent.getState().refresh();
  // The rest of the UI's script comes once the first screen has what it needs.
  void Promise.all([useSession.getState().load(), useConversationList.getState().refresh()]).then(
    preloadDeferred,
  );
}
