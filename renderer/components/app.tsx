import { Suspense, useEffect } from 'react';
import { deferred } from '../lib/deferred-component.ts';
import { useActivity } from '../stores/activity-feed-store.ts';
import { useConversationList } from '../stores/conversation-list-store.ts';
import { useSession } from '../stores/session-store.ts';
import { useUi } from '../stores/ui-store.ts';
import { DialogHost } from './shell/dialog-host.tsx';
import { Notices } from './shell/notices.tsx';
import { Rail } from './shell/rail.tsx';
import { Sidebar } from './shell/sidebar.tsx';
import { UpdateBanner } from './shell/update-banner.tsx';
import { useActivityReports } from './shell/use-activity-reports.ts';
import { useGlobalShortcuts } from './shell/use-global-shortcuts.ts';
import { useTheme } from './shell/use-theme.ts';
import { Welcome } from './shell/welcome.tsx';
import { ThreadView } from './thread/thread-view.tsx';

// Not needed for the first screen, so not in the first paint's script.
const ActivityView = deferred(() =>
  import('./activity/activity-view.tsx').then((m) => m.ActivityView),
);

export function App() {
  const session = useSession((s) => s.session);
  const loadError = useSession((s) => s.loadError);
  const view = useUi((s) => s.view);
  const unseen = useActivity((s) => s.unseen);
  const unread = useConversationList((s) => s.counts?.unreadTotal ?? 0);
  const signedIn = session?.state === 'signed-in';

  // The window title carries the unread count, as every messenger's does (and the taskbar shows it).
  useEffect(() => {
    document.title = signedIn && unread > 0 ? `(${unread}) Parley` : 'Parley';
  }, [signedIn, unread]);

  useEffect(() => {
    if (!signedIn) return;
    void useConversationList.getState().refreshCounts();
    void useActivity.getState().refresh();
  }, [signedIn, session?.baseUrl]);

  useTheme();
  useActivityReports();
  useGlobalShortcuts(signedIn);

  if (!session) {
    return (
      <main className="app-loading" aria-busy={!loadError}>
        <h1>Parley</h1>
        {loadError ? (
          <div role="alert">
            <p>{loadError}</p>
            <button
              type="button"
              className="button primary"
              onClick={() => void useSession.getState().load()}
            >
              Try again
            </button>
          </div>
        ) : (
          <p role="status">Opening…</p>
        )}
      </main>
    );
  }

  return (
    <>
      {signedIn ? (
        <div className="app">
          <Rail activityUnseen={unseen} unread={unread} />
          <Sidebar />
          <main
            className="main-pane"
            aria-label={view === 'activity' ? 'Activity' : 'Conversation'}
          >
            <UpdateBanner />
            {view === 'activity' ? (
              <Suspense fallback={<p role="status">Loading activity…</p>}>
                <ActivityView />
              </Suspense>
            ) : (
              <ThreadView />
            )}
          </main>
        </div>
      ) : (
        <Welcome />
      )}
      <DialogHost />
      <Notices />
    </>
  );
}
