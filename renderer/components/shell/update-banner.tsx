import { useState } from 'react';
import { plural } from '../../lib/format.ts';
import { useDesktop } from '../../stores/desktop-store.ts';
import { attempt } from '../../stores/notice-store.ts';

/** Why "Restart to update" asks again: the outbox still holds writes. */
export function waitingWritesText(waiting: number): string {
  return waiting === 1
    ? '1 change has not reached the server yet. It is kept and sent after the restart.'
    : `${plural(waiting, 'change')} have not reached the server yet. They are kept and sent after the restart.`;
}

/**
 * Shown once an update has downloaded: Parley never restarts by itself, so
 * the user chooses when. While changes still wait in the outbox, it says so
 * first; they are kept, and sent after the restart.
 */
export function UpdateBanner() {
  const update = useDesktop((s) => s.update);
  const waiting = useDesktop((s) => s.waitingWrites);
  const restart = useDesktop((s) => s.restart);
  const dismissWarning = useDesktop((s) => s.dismissWarning);
  const [later, setLater] = useState<string | null>(null);
  if (update?.status !== 'ready' || later === update.version) return null;

  if (waiting !== null) {
    return (
      <div className="update-banner warning" role="alert">
        <span>{waitingWritesText(waiting)}</span>
        <div className="update-actions">
          <button type="button" className="button secondary" onClick={dismissWarning}>
            Wait
          </button>
          <button
            type="button"
            className="button primary"
            onClick={() => void attempt(() => restart(true))}
          >
            Restart anyway
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="update-banner" role="status">
      <span>
        <strong>Parley {update.version}</strong> is ready to install.
      </span>
      <div className="update-actions">
        <button type="button" className="button secondary" onClick={() => setLater(update.version)}>
          Later
        </button>
        <button
          type="button"
          className="button primary"
          onClick={() => void attempt(() => restart(false))}
        >
          Restart to update
        </button>
      </div>
    </div>
  );
}
