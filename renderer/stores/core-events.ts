import { onCoreEvent } from '../ipc/parley.ts';
import { useActivity } from './activity-feed-store.ts';
import { useConversationList } from './conversation-list-store.ts';
import { useDesktop } from './desktop-store.ts';
import { useDrafts } from './draft-store.ts';
import { useEdits } from './edit-store.ts';
import { navigateTo } from './navigation.ts';
import { useKeptUnsent } from './kept-unsent-store.ts';
import { useLinkedPlaces } from './linked-places.ts';
import { useOutbox } from './outbox-store.ts';
import { usePendingAttachments } from './pending-attachments-store.ts';
import { useNotices } from './notice-store.ts';
import { useRelays } from './relay-store.ts';
import { useSession } from './session-store.ts';
import { useSettings } from './settings-store.ts';
import { useThread } from './thread-store.ts';

/** Routes core events to the slices that show what changed. Returns the unsubscribe. */
export function connectCoreEvents(): () => void {
  return onCoreEvent((event) => {
    switch (event.type) {
      case 'changes': {
        useDrafts.getState().followReplacedIds(event.replacedIds);
        usePendingAttachments.getState().followReplacedIds(event.replacedIds);
        useEdits.getState().followReplacedIds(event.replacedIds);
        useEdits.getState().dropRemoved(event.removedMessages);
        const list = useConversationList.getState();
        void list.refresh();
        void list.refreshCounts();
        void useThread.getState().applyChanges(event);
        useLinkedPlaces.getState().applyChanges(event);
        if (event.removedConversations.length > 0) void useKeptUnsent.getState().refresh();
        break;
      }
      case 'status': {
        const before = useSession.getState().status;
        useSession.getState().setStatus(event.status);
        const { pendingWrites, failedWrites } = event.status;
        if (before?.pendingWrites !== pendingWrites || before?.failedWrites !== failedWrites) {
          void useOutbox.getState().refresh();
        }
        break;
      }
      case 'session': {
        const before = useSession.getState().session;
        useSession.getState().setSession(event.session);
        if (before?.state !== event.session.state || before?.baseUrl !== event.session.baseUrl) {
          // Which secrets are saved (the token above all) changes with the session.
          void useSettings.getState().load();
          useThread.getState().close();
          useLinkedPlaces.getState().clear();
          useConversationList.getState().setFilter('all');
          void useConversationList.getState().refreshCounts();
        }
        break;
      }
      case 'notice':
        useNotices.getState().push(event.level, event.message);
        break;
      case 'navigate':
        navigateTo(event.target);
        break;
      case 'update':
        useDesktop.getState().setUpdate(event.state);
        break;
      case 'activity':
        void useActivity.getState().refresh();
        break;
      case 'relay':
        useRelays.getState().update(event.status);
        break;
      case 'settings':
        useSettings.setState({ settings: event.settings });
        break;
    }
  });
}
