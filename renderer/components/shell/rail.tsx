import { plural } from '../../lib/format.ts';
import { ariaKeys, comboLabel } from '../../lib/keyboard-shortcuts.ts';
import { useUi } from '../../stores/ui-store.ts';
import { Icon } from '../common/icon.tsx';

function Badge({ count }: { count: number }) {
  return count > 0 ? <span className="rail-badge">{count > 99 ? '99+' : count}</span> : null;
}

/**
 * The narrow strip on the far left, as in Signal: sections with what waits in
 * each (unread messages, new activity), and settings at the foot.
 */
export function Rail({ activityUnseen, unread }: { activityUnseen: number; unread: number }) {
  const view = useUi((s) => s.view);
  const setView = useUi((s) => s.setView);
  const openDialog = useUi((s) => s.openDialog);
  return (
    <nav className="rail" aria-label="Sections">
      <button
        type="button"
        className="rail-button"
        aria-label={unread > 0 ? `Chats, ${plural(unread, 'unread message')}` : 'Chats'}
        title="Chats"
        aria-current={view === 'chats' ? 'page' : undefined}
        onClick={() => setView('chats')}
      >
        <Icon name="chats" size={22} />
        <Badge count={unread} />
      </button>
      <button
        type="button"
        className="rail-button"
        aria-label={activityUnseen > 0 ? `Activity, ${activityUnseen} new` : 'Activity'}
        title="Orders and catalogue activity"
        aria-current={view === 'activity' ? 'page' : undefined}
        onClick={() => setView('activity')}
      >
        <Icon name="activity" size={22} />
        <Badge count={activityUnseen} />
      </button>
      <span className="rail-spacer" />
      <button
        type="button"
        className="rail-button"
        aria-label="Settings"
        title={`Settings (${comboLabel('Mod+,')})`}
        aria-keyshortcuts={ariaKeys('Mod+,')}
        onClick={() => openDialog({ kind: 'settings' })}
      >
        <Icon name="settings" size={22} />
      </button>
    </nav>
  );
}
