import { plural } from '../../lib/format.ts';
import { useSession } from '../../stores/session-store.ts';
import { useUi } from '../../stores/ui-store.ts';

/** Speaks up only when something needs the user's attention; online and synced is silent. */
export function ConnectionBanner() {
  const status = useSession((s) => s.status);
  const session = useSession((s) => s.session);
  const openDialog = useUi((s) => s.openDialog);
  if (!status || session?.state === 'signed-out') return null;

  const pending = status.pendingWrites;
  if (session?.state === 'reauth-required' || status.connection === 'unauthorized') {
    return (
      <div className="banner warning" role="alert">
        <span>The server no longer accepts your token.</span>
        <button
          type="button"
          className="link-button"
          onClick={() => openDialog({ kind: 'settings' })}
        >
          Sign in again
        </button>
      </div>
    );
  }
  if (status.connection === 'offline') {
    return (
      <div className="banner offline" role="status">
        <strong>Offline.</strong>{' '}
        {pending > 0
          ? `${plural(pending, 'change')} will be sent when the connection is back.`
          : 'Showing what is on this computer.'}
        {status.lastError && <span className="banner-detail">{status.lastError}</span>}
      </div>
    );
  }
  if (!status.initialSync.done) {
    return (
      <div className="banner info" role="status">
        <span>Syncing… {plural(status.initialSync.items, 'item')} so far</span>
        <progress aria-label="Initial sync" />
      </div>
    );
  }
  return null;
}

/** A quiet line at the foot of the sidebar: where we are connected and what is waiting. */
export function ConnectionFooter() {
  const status = useSession((s) => s.status);
  const session = useSession((s) => s.session);
  const openDialog = useUi((s) => s.openDialog);
  if (!status || session?.state !== 'signed-in') return null;
  const where = session.demo ? 'Demo workspace' : (session.baseUrl ?? '');
  const state =
    status.connection === 'online'
      ? 'Online'
      : status.connection === 'connecting'
        ? 'Connecting…'
        : status.connection === 'offline'
          ? 'Offline'
          : 'Signed out';
  const waiting = [
    status.pendingWrites > 0 ? `${status.pendingWrites} sending` : null,
    status.failedWrites > 0 ? `${status.failedWrites} not sent` : null,
  ].filter(Boolean);
  return (
    <p className={`connection-footer ${status.connection}`} role="status" aria-label="Connection">
      <span className="dot" aria-hidden="true" />
      {state} · {where}
      {waiting.length > 0 && (
        <>
          {' · '}
          <button
            type="button"
            className={`link-button${status.failedWrites > 0 ? ' failed' : ''}`}
            title="Show the changes not sent yet"
            onClick={() => openDialog({ kind: 'unsent-changes' })}
          >
            {waiting.join(', ')}
          </button>
        </>
      )}
    </p>
  );
}
