import { connectCoreEvents } from './core-events.ts';
import { useConversationList } from './conversation-list-store.ts';
import { useSession } from './session-store.ts';
import { useSettings } from './settings-store.ts';

/**
 * What the first screen needs, asked for all at once and before React mounts:
 * the conversation list's first page does not wait for the session's answer
 * and a render. Signed out, the list's answer is simply never shown, and
 * signing in starts the list afresh.
 */
export function startApp(): void {
  connectCoreEvents();
  void useSession.getState().load();
  void useSettings.getState().load();
  void useConversationList.getState().refresh();
}
